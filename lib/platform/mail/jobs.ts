/** The outbox's scheduled work: send what this run queued, purge what is old. */
import type { Job } from "@/lib/platform/jobs";
import { purgeOldMail, sendPendingMail } from "./outbox";

export const mailJobs = [
  {
    name: "mail.send",
    // After the domains' work, so this run's mails (payouts, refunds, reminders) go out with it.
    phase: "deliver",
    run: async () => {
      const mail = await sendPendingMail();
      return { mails_sent: mail.sent, mails_retrying: mail.retrying, mails_failed: mail.failed };
    },
  },
  // Housekeeping counts real time, not a test's clock.
  { name: "mail.purge", phase: "housekeeping", run: async () => void (await purgeOldMail()) },
] as const satisfies readonly Job[];
