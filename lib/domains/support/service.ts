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
import type { CreateTicketInput, TicketPriorityName, TicketStatusName } from "./schemas";

export const TICKET_NOT_FOUND = "Ticket not found";
export const TICKET_CLOSED = "This ticket is closed and takes no replies";
/** New tickets per user per hour. */
export const TICKETS_PER_HOUR = 10;

type TicketWithUser = SupportTicket & { user: Pick<User, "name" | "email"> };

import type { ReplyJson, TicketJson, TicketOrderJson } from "./responses";

export type { ReplyJson, TicketJson, TicketOrderJson };

type OrderSummaries = Map<string, TicketOrderJson>;

export function serializeTicket(t: TicketWithUser & { _count?: { replies: number } }, orders?: OrderSummaries): TicketJson {
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
    ...(orders ? { order: (t.orderId && orders.get(t.orderId)) || null } : {}),
  };
}

/** The summaries of the orders these tickets name, in one query. */
async function orderSummaries(tickets: Array<Pick<SupportTicket, "orderId" | "userId">>): Promise<OrderSummaries> {
  const ids = [...new Set(tickets.map((t) => t.orderId).filter((id): id is string => id !== null))];
  const found: OrderSummaries = new Map();
  if (!ids.length) return found;
  const owners = new Map(tickets.map((t) => [t.orderId, t.userId]));
  const rows = await db.order.findMany({
    where: { id: { in: ids } },
    select: { id: true, productId: true, status: true, buyerId: true, product: { select: { title: true } } },
  });
  for (const o of rows) {
    const role = owners.get(o.id) === o.buyerId ? "buyer" : "seller";
    found.set(o.id, { id: o.id, product_id: o.productId, product_title: o.product.title, status: o.status, owner_role: role });
  }
  return found;
}

async function withOrders<T extends TicketWithUser & { _count?: { replies: number } }>(rows: T[]): Promise<TicketJson[]> {
  const orders = await orderSummaries(rows);
  return rows.map((t) => serializeTicket(t, orders));
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
  return withOrders(rows);
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
  return { ticket: (await withOrders([ticket]))[0]!, replies: ticket.replies.map(serializeReply) };
}

/**
 * POST /api/support/tickets. `order_id` must name an order the caller bought or sold:
 * anyone else's (or an unknown id) is refused alike with 422 `order_not_found`, so the
 * answer tells nothing about other people's orders. The priority is staff's to set.
 */
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
      orderId,
    },
    include: { user: userSelect },
  });
  return (await withOrders([ticket]))[0]!;
}

async function lockTicket(tx: Tx, id: string) {
  if (!isUuid(id)) return null;
  await tx.$queryRaw`SELECT id FROM support_tickets WHERE id = ${id}::uuid FOR UPDATE`;
  return tx.supportTicket.findUnique({ where: { id }, include: { user: userSelect } });
}

/** PUT /api/support/tickets/{id}/status {status: "closed"}: the owner closes their ticket. */
export async function closeOwnTicket(user: User, id: string): Promise<TicketJson> {
  const closed = await db.$transaction(async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket || ticket.userId !== user.id) throw notFound(TICKET_NOT_FOUND, "ticket_not_found");
    if (ticket.status === "closed") throw conflict("Ticket is already closed", "ticket_closed");
    return tx.supportTicket.update({ where: { id }, data: { status: "closed" }, include: { user: userSelect } });
  });
  return (await withOrders([closed]))[0]!;
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
  return withOrders(rows);
}

/** PUT /api/admin/tickets/{id}/status?status=in_progress|resolved. */
export async function setTicketStatus(admin: User, id: string, status: "in_progress" | "resolved"): Promise<TicketJson> {
  const changed = await db.$transaction(async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket) throw notFound(TICKET_NOT_FOUND, "ticket_not_found");
    if (ticket.status === "closed") throw conflict("This ticket is closed", "ticket_closed");
    const updated = await tx.supportTicket.update({ where: { id }, data: { status }, include: { user: userSelect } });
    if (ticket.status !== status) {
      await notify(tx, ticket.userId, "support.status", { ticketId: id, subject: ticket.subject, status });
      await publishEvent(tx, ticket.userId, { type: "unread" });
      await recordAudit(tx, admin, "ticket.status", { type: "ticket", id }, { status: ticket.status }, { status });
    }
    return updated;
  });
  return (await withOrders([changed]))[0]!;
}

/** PUT /api/admin/tickets/{id}/priority: staff set how urgent a ticket is (also when closed). */
export async function setTicketPriority(admin: User, id: string, priority: TicketPriorityName): Promise<TicketJson> {
  const ticket = await db.$transaction(async (tx) => {
    const current = await lockTicket(tx, id);
    if (!current) throw notFound(TICKET_NOT_FOUND, "ticket_not_found");
    const updated = await tx.supportTicket.update({ where: { id }, data: { priority }, include: { user: userSelect } });
    if (current.priority !== priority) {
      await recordAudit(tx, admin, "ticket.priority", { type: "ticket", id }, { priority: current.priority }, { priority });
    }
    return updated;
  });
  return (await withOrders([ticket]))[0]!;
}

/** POST /api/admin/tickets/{id}/reply: a staff reply. */
export async function staffReply(admin: User, id: string, message: string): Promise<ReplyJson> {
  return replyToTicket(admin, id, message);
}
