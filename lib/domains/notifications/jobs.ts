/** A mail for messages left unread for 10 minutes; the pushes not yet sent. */
import type { Job } from "@/lib/platform/jobs";
import { queueUnreadMessageMails } from "./mail-events";
import { sendPendingPush } from "./push";

export const notificationsJobs = [
  { name: "notifications.unread-message-mails", run: async (now) => ({ unread_message_mails: await queueUnreadMessageMails(now) }) },
  { name: "notifications.push", phase: "deliver", run: async () => ({ pushes_sent: (await sendPendingPush()).sent }) },
] as const satisfies readonly Job[];
