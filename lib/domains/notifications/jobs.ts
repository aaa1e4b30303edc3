/** A mail for messages left unread for 10 minutes. */
import type { Job } from "@/lib/platform/jobs";
import { queueUnreadMessageMails } from "./mail-events";

export const notificationsJobs = [
  { name: "notifications.unread-message-mails", run: async (now) => ({ unread_message_mails: await queueUnreadMessageMails(now) }) },
] as const satisfies readonly Job[];
