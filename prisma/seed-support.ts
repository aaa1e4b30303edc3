/**
 * Demo data for the support desk and the admin area: a few open tickets (one
 * with a staff reply), a disputed order in escrow and an open report, so a fresh start
 * shows a working admin area with the demo admin. Runs inside the demo seed's
 * transaction, after users and products exist.
 */
import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/platform/db/client";

const HOUR = 60 * 60 * 1000;

export async function seedSupportData(tx: Tx, now: number): Promise<void> {
  const admin = await tx.user.findFirst({ where: { isAdmin: true }, select: { id: true } });
  const members = await tx.user.findMany({ where: { isAdmin: false }, orderBy: { email: "asc" }, select: { id: true } });
  if (!admin || members.length < 3) return;
  const [first, second, third] = members as [{ id: string }, { id: string }, { id: string }];

  // Tickets: two open, one in progress with a staff reply.
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  const tickets = [
    { userId: first.id, subject: "Betaling niet zichtbaar", message: "Ik heb gisteren betaald maar mijn bestelling staat nog op 'in afwachting'.", category: "payment", priority: "high", status: "open", createdAt: at(5) },
    { userId: second.id, subject: "Hoe wijzig ik mijn ophaaladres?", message: "Ik ben verhuisd en wil het adres van mijn advertenties aanpassen.", category: "account", priority: "low", status: "open", createdAt: at(26) },
    { userId: third.id, subject: "Foto's uploaden lukt niet", message: "Bij het plaatsen van een advertentie blijft het uploaden hangen.", category: "technical", priority: "medium", status: "in_progress", createdAt: at(50) },
  ] as const;
  const ticketIds: string[] = [];
  for (const ticket of tickets) {
    const id = randomUUID();
    ticketIds.push(id);
    await tx.supportTicket.create({ data: { id, ...ticket, updatedAt: ticket.createdAt } });
  }
  await tx.ticketReply.create({
    data: { ticketId: ticketIds[2]!, authorId: admin.id, isStaff: true, message: "Dank voor je melding! Welke browser gebruik je, en hoe groot zijn de foto's?", createdAt: at(48) },
  });

  // A dispute: the third member bought an item of the first and reports a problem.
  const product = await tx.product.findFirst({ where: { sellerId: first.id, status: "available" }, orderBy: { createdAt: "asc" } });
  if (product) {
    const amountCents = product.priceCents;
    const commissionCents = Math.round((amountCents * 5) / 100);
    const totalCents = amountCents + commissionCents;
    const paidAt = at(30);
    const session = await tx.checkoutSession.create({
      data: {
        buyerId: third.id,
        provider: "test",
        status: "complete",
        paymentStatus: "paid",
        amountTotalCents: totalCents,
        expiresAt: paidAt,
        completedAt: paidAt,
        createdAt: paidAt,
      },
    });
    await tx.checkoutSession.update({ where: { id: session.id }, data: { providerSessionId: session.id } });
    const order = await tx.order.create({
      data: {
        buyerId: third.id,
        sellerId: first.id,
        productId: product.id,
        checkoutSessionId: session.id,
        status: "held",
        deliveryStatus: "disputed",
        amountCents,
        commissionCents,
        totalCents,
        pickupCode: "482913",
        paidAt,
        disputedAt: at(6),
        disputeNotes: "Het artikel was bij het ophalen beschadigd; de verkoper wil niets terugbetalen.",
        createdAt: paidAt,
      },
    });
    await tx.product.update({ where: { id: product.id }, data: { status: "sold" } });
    await tx.ledgerEntry.create({
      data: { orderId: order.id, checkoutSessionId: session.id, kind: "buyer_payment", amountCents: totalCents, providerRef: `test_charge_${session.id}` },
    });
  }

  // A report of a listing of the second member, filed by the first.
  const reported = await tx.product.findFirst({ where: { sellerId: second.id, status: "available" }, orderBy: { createdAt: "asc" } });
  if (reported) {
    await tx.report.create({
      data: { reporterId: first.id, targetType: "listing", targetId: reported.id, reason: "counterfeit", details: "Dit lijkt een namaakmerk te zijn.", createdAt: at(3) },
    });
  }
}
