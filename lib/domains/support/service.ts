/**
 * Support tickets (docs/support-and-admin.md): users open and close their own tickets and
 * reply to them; admins see every ticket, set in_progress or resolved, and answer as
 * staff. A closed ticket takes no replies from anyone. The owner is notified of every
 * staff reply and status change (docs/notifications.md).
 */
import { AppError, conflict, notFound } from "@/lib/platform/api/errors";
import { enforce } from "@/lib/platform/api/rate-limit";
import { recordAudit } from "@/lib/domains/audit";
import { isUuid } from "@/lib/platform/api/ids";
import { db, type Tx } from "@/lib/platform/db/client";
import type { SupportTicket, TicketReply, User } from "@/lib/platform/db/generated/client";
import { publishEvent } from "@/lib/platform/events/publish";
import { notify } from "@/lib/domains/notifications";
import type { CreateTicketInput, TicketStatusName } from "./schemas";

export const TICKET_NOT_FOUND = "Ticket not found";
export const TICKET_CLOSED = "This ticket is closed and takes no replies";
/** New tickets per user per hour. */
export const TICKETS_PER_HOUR = 10;

type TicketWithUser = SupportTicket & { user: Pick<User, "name" | "email"> };

import type { ReplyJson, TicketJson } from "./responses";

export type { ReplyJson, TicketJson };

export function serializeTicket(t: TicketWithUser & { _count?: { replies: number } }): TicketJson {
  return {
    id: t.id,
    subject: t.subject,
    message: t.message,
    category: t.category,
    priority: t.priority,
    status: t.status,
    order_id: t.orderId,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    user_name: t.user.name,
    user_email: t.user.email,
    ...(t._count ? { reply_count: t._count.replies } : {}),
  };
}

function serializeReply(r: TicketReply & { author: Pick<User, "name"> }): ReplyJson {
  return {
    id: r.id,
    message: r.message,
    is_staff: r.isStaff,
    // Staff speak as the team, not as a named person.
    author_name: r.isStaff ? "Support Team" : r.author.name,
    created_at: r.createdAt.toISOString(),
  };
}

const userSelect = { select: { name: true, email: true } } as const;

/** GET /api/support/tickets: the caller's own, newest first. */
export async function listOwnTickets(user: User): Promise<TicketJson[]> {
  const rows = await db.supportTicket.findMany({
    where: { userId: user.id },
    include: { user: userSelect, _count: { select: { replies: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: 200,
  });
  return rows.map(serializeTicket);
}

/** GET /api/support/tickets/{id}: the owner and admins; 404 for anyone else. */
export async function getTicket(user: User, id: string): Promise<{ ticket: TicketJson; replies: ReplyJson[] }> {
  const ticket = isUuid(id)
    ? await db.supportTicket.findUnique({
        where: { id },
        include: {
          user: userSelect,
          replies: { include: { author: { select: { name: true } } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
        },
      })
    : null;
  if (!ticket || (ticket.userId !== user.id && !user.isAdmin)) throw notFound(TICKET_NOT_FOUND, "ticket_not_found");
  return { ticket: serializeTicket(ticket), replies: ticket.replies.map(serializeReply) };
}

/** POST /api/support/tickets. */
export async function createTicket(user: User, input: CreateTicketInput): Promise<TicketJson> {
  let orderId: string | null = null;
  if (input.order_id) {
    const order = isUuid(input.order_id)
      ? await db.order.findUnique({ where: { id: input.order_id }, select: { buyerId: true, sellerId: true } })
      : null;
    if (!order || (order.buyerId !== user.id && order.sellerId !== user.id)) {
      throw new AppError("validation", "Order not found", { code: "order_not_found", errors: [{ field: "order_id", message: "Order not found" }] });
    }
    orderId = input.order_id;
  }
  await enforce({ key: `support-ticket:${user.id}`, max: TICKETS_PER_HOUR, windowSeconds: 3600 });
  const ticket = await db.supportTicket.create({
    data: {
      userId: user.id,
      subject: input.subject,
      message: input.message,
      category: input.category,
      priority: input.priority,
      orderId,
    },
    include: { user: userSelect },
  });
  return serializeTicket(ticket);
}

async function lockTicket(tx: Tx, id: string) {
  if (!isUuid(id)) return null;
  await tx.$queryRaw`SELECT id FROM support_tickets WHERE id = ${id}::uuid FOR UPDATE`;
  return tx.supportTicket.findUnique({ where: { id }, include: { user: userSelect } });
}

/** PUT /api/support/tickets/{id}/status {status: "closed"}: the owner closes their ticket. */
export async function closeOwnTicket(user: User, id: string): Promise<TicketJson> {
  return db.$transaction(async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket || ticket.userId !== user.id) throw notFound(TICKET_NOT_FOUND, "ticket_not_found");
    if (ticket.status === "closed") throw conflict("Ticket is already closed", "ticket_closed");
    const updated = await tx.supportTicket.update({ where: { id }, data: { status: "closed" }, include: { user: userSelect } });
    return serializeTicket(updated);
  });
}

/** POST /api/support/tickets/{id}/reply: the owner, or an admin (then as staff). */
export async function replyToTicket(user: User, id: string, message: string): Promise<ReplyJson> {
  return db.$transaction(async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket || (ticket.userId !== user.id && !user.isAdmin)) throw notFound(TICKET_NOT_FOUND, "ticket_not_found");
    return addReply(tx, user, ticket, message);
  });
}

async function addReply(tx: Tx, user: User, ticket: SupportTicket, message: string): Promise<ReplyJson> {
  if (ticket.status === "closed") throw conflict(TICKET_CLOSED, "ticket_closed");
  const isStaff = user.isAdmin && ticket.userId !== user.id;
  const reply = await tx.ticketReply.create({
    data: { ticketId: ticket.id, authorId: user.id, message, isStaff },
    include: { author: { select: { name: true } } },
  });
  await tx.supportTicket.update({ where: { id: ticket.id }, data: { updatedAt: new Date() } });
  if (isStaff) {
    await notify(tx, ticket.userId, "support.reply", { ticketId: ticket.id, subject: ticket.subject });
    await publishEvent(tx, ticket.userId, { type: "unread" });
    await recordAudit(tx, user, "ticket.reply", { type: "ticket", id: ticket.id }, null, { reply_id: reply.id, message });
  }
  return serializeReply(reply);
}

// ---------- Admin ----------

/** GET /api/admin/tickets?status=: every ticket, newest first. */
export async function listAllTickets(filter: { status?: TicketStatusName }): Promise<TicketJson[]> {
  const rows = await db.supportTicket.findMany({
    where: filter.status ? { status: filter.status } : {},
    include: { user: userSelect, _count: { select: { replies: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: 500,
  });
  return rows.map(serializeTicket);
}

/** PUT /api/admin/tickets/{id}/status?status=in_progress|resolved. */
export async function setTicketStatus(admin: User, id: string, status: "in_progress" | "resolved"): Promise<TicketJson> {
  return db.$transaction(async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket) throw notFound(TICKET_NOT_FOUND, "ticket_not_found");
    if (ticket.status === "closed") throw conflict("This ticket is closed", "ticket_closed");
    const updated = await tx.supportTicket.update({ where: { id }, data: { status }, include: { user: userSelect } });
    if (ticket.status !== status) {
      await notify(tx, ticket.userId, "support.status", { ticketId: id, subject: ticket.subject, status });
      await publishEvent(tx, ticket.userId, { type: "unread" });
      await recordAudit(tx, admin, "ticket.status", { type: "ticket", id }, { status: ticket.status }, { status });
    }
    return serializeTicket(updated);
  });
}

/** POST /api/admin/tickets/{id}/reply: a staff reply. */
export async function staffReply(admin: User, id: string, message: string): Promise<ReplyJson> {
  return replyToTicket(admin, id, message);
}
