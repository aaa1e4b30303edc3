/**
 * Notifications the server writes on the events of docs/notifications.md. Each row has
 * a stable `event` name and its `data` (money as integer cents under `…Cents`, times as
 * ISO under `…At`: lib/platform/i18n/events.ts), so it is shown in the reader's language
 * and number format; the Dutch title and message are kept for rows without a text.
 */
import type { Tx } from "@/lib/platform/db/client";
import { eventStrings } from "@/lib/platform/i18n/events";
import { publishEvent } from "@/lib/platform/events/publish";
import { mailForEvent } from "./mail-events";
import { pushCategoryOf, schedulePushSend } from "./push";
import type { NotificationType, Prisma } from "@/lib/platform/db/generated/client";

type Text = { type: NotificationType; title: string; message: (d: Shown) => string; link: (d: Shown) => string };
type Data = { orderId?: string; productTitle?: string; amountCents?: number; [key: string]: string | number | undefined };
/** The Dutch texts below read the values as shown in Dutch. */
type Shown = Record<string, string | undefined>;

const orders = () => "/orders";
// The categories of a removal's statement of reasons.
const MODERATION_NL: Record<string, string> = { illegal: "illegaal", prohibited_item: "verboden artikel", counterfeit: "namaak", scam: "oplichting", other: "overig" };
const sales = () => "/dashboard?tab=sales";

/** Dutch texts per event. */
export const NOTIFICATION_TEXTS = {
  "order.paid": { type: "order", title: "Betaling ontvangen", message: (d) => `Je betaling voor "${d.productTitle}" staat veilig in escrow. Laat bij het ophalen je ophaalcode zien.`, link: orders },
  "order.sold": { type: "order", title: "Je artikel is verkocht", message: (d) => `"${d.productTitle}" is betaald. Spreek de overdracht af; vraag de koper om de ophaalcode.`, link: sales },
  "order.delivery_confirmed": { type: "order", title: "Overdracht bevestigd", message: (d) => `De overdracht van "${d.productTitle}" is bevestigd. Je ontvangt ${d.amount} over 3 dagen.`, link: sales },
  "order.handover_confirmed": { type: "order", title: "Overdracht bevestigd", message: (d) => `Je hebt "${d.productTitle}" ontvangen. Bedankt voor je aankoop!`, link: orders },
  "order.dispute_raised": { type: "order", title: "Geschil gemeld", message: (d) => `De koper heeft een geschil gemeld over "${d.productTitle}". Ons team neemt contact op.`, link: sales },
  "order.dispute_opened": { type: "order", title: "Geschil ontvangen", message: (d) => `We hebben je geschil over "${d.productTitle}" ontvangen en nemen contact met je op.`, link: orders },
  "admin.dispute": { type: "order", title: "Nieuw geschil", message: (d) => `Geschil over "${d.productTitle}" (bestelling ${d.orderId?.slice(0, 8)}).`, link: () => "/admin/disputes" },
  "admin.chargeback": { type: "order", title: "Terugboeking door de bank", message: (d) => `De bank van de koper betwist de betaling voor "${d.productTitle}" (bestelling ${d.orderId?.slice(0, 8)}).`, link: () => "/admin/disputes" },
  "admin.payment_mismatch": { type: "order", title: "Afwijkend betaald bedrag", message: (d) => `Voor de betaling met "${d.productTitle}" (bestelling ${d.orderId?.slice(0, 8)}) kwam ${d.paid} binnen in plaats van ${d.expected}. De bestelling is terugbetaald; controleer de betaling bij de betaalprovider.`, link: () => "/admin/disputes" },
  "admin.transfer_reversed": { type: "order", title: "Uitbetaling teruggedraaid", message: (d) => `De uitbetaling voor "${d.productTitle}" (bestelling ${d.orderId?.slice(0, 8)}) is teruggedraaid.`, link: () => "/admin/disputes" },
  "order.dispute_resolved": { type: "order", title: "Geschil afgehandeld", message: (d) => `Het geschil over "${d.productTitle}" is afgehandeld: ${d.resolution === "refund" ? "de koper krijgt het geld terug" : "de verkoper wordt betaald"}.`, link: orders },
  "order.refunded": { type: "order", title: "Terugbetaling", message: (d) => `${d.amount} voor "${d.productTitle}" wordt terugbetaald. Het staat binnen 7 werkdagen op je rekening.`, link: orders },
  "order.cancelled_by_seller": { type: "order", title: "Bestelling geannuleerd", message: (d) => `De verkoper heeft "${d.productTitle}" geannuleerd. Je krijgt ${d.amount} volledig terug.`, link: orders },
  "order.sale_refunded": { type: "order", title: "Verkoop terugbetaald", message: (d) => `De verkoop van "${d.productTitle}" is terugbetaald aan de koper.`, link: sales },
  "order.handover_reminder": { type: "order", title: "Herinnering: overdracht", message: (d) => `De overdracht van "${d.productTitle}" is nog niet bevestigd. Zonder overdracht binnen 14 dagen na betaling krijgt de koper het geld terug.`, link: orders },
  "order.paid_shipping": { type: "order", title: "Betaling ontvangen", message: (d) => `Je betaling voor "${d.productTitle}" staat veilig in escrow. De verkoper verzendt vóór ${d.shipBy}.`, link: orders },
  "order.sold_shipping": { type: "order", title: "Je artikel is verkocht", message: (d) => `"${d.productTitle}" is betaald. Verzend het vóór ${d.shipBy}: maak het verzendlabel bij je verkopen.`, link: sales },
  "shipping.label_created": { type: "order", title: "Verzendlabel gemaakt", message: (d) => `De verkoper heeft het verzendlabel voor "${d.productTitle}" gemaakt. Volg je pakket (${d.carrier}) met code ${d.trackingCode}.`, link: orders },
  "shipping.delivered": { type: "order", title: "Je pakket is bezorgd", message: (d) => `"${d.productTitle}" is bezorgd. Controleer het en meld een probleem vóór ${d.claimUntil}; daarna bevestigen we de ontvangst automatisch.`, link: orders },
  "shipping.auto_confirmed": { type: "order", title: "Ontvangst bevestigd", message: (d) => `De ontvangst van "${d.productTitle}" is automatisch bevestigd. De verkoper wordt over 3 dagen betaald.`, link: orders },
  "shipping.auto_confirmed_seller": { type: "order", title: "Bezorging bevestigd", message: (d) => `De bezorging van "${d.productTitle}" is bevestigd. Je ontvangt je geld over 3 dagen.`, link: sales },
  "shipping.ship_by_reminder": { type: "order", title: "Herinnering: verzenden", message: (d) => `Verzend "${d.productTitle}" vóór ${d.shipBy}. Is het dan niet bij de vervoerder, dan krijgt de koper het geld terug.`, link: sales },
  "shipping.not_shipped": { type: "order", title: "Niet op tijd verzonden", message: (d) => `"${d.productTitle}" is niet binnen 5 werkdagen verzonden. De bestelling is geannuleerd en de koper krijgt alles terug.`, link: orders },
  "shipping.lost": { type: "order", title: "Pakket kwijt", message: (d) => `Het pakket met "${d.productTitle}" is volgens de vervoerder kwijtgeraakt. De koper krijgt alles terug.`, link: orders },
  "shipping.returned": { type: "order", title: "Pakket retour", message: (d) => `Het pakket met "${d.productTitle}" is teruggestuurd naar de verkoper. De koper krijgt alles terug.`, link: orders },
  "return.label_ready": { type: "order", title: "Retourlabel klaar", message: (d) => `Je retourlabel voor "${d.productTitle}" staat klaar bij je bestelling. Lever het pakket in vóór ${d.handInBy}.`, link: orders },
  "return.opened": { type: "order", title: "Retour onderweg", message: (d) => `De koper stuurt "${d.productTitle}" terug. Het geld blijft in escrow tot je het retour hebt gecontroleerd.`, link: sales },
  "return.withdrawal_received": { type: "order", title: "Herroeping ontvangen", message: (d) => `De koper herroept de aankoop van "${d.productTitle}" en stuurt het terug. De koper krijgt ${d.amount} terug zodra je het retour hebt ontvangen.`, link: sales },
  "return.handed_in": { type: "order", title: "Retour ingeleverd", message: (d) => `Het retour van "${d.productTitle}" is bij de vervoerder ingeleverd.`, link: sales },
  "return.arrived": { type: "order", title: "Retour ontvangen: controleer het", message: (d) => `Het retour van "${d.productTitle}" is bezorgd. Controleer het vóór ${d.inspectUntil}: accepteer het of meld een probleem. Daarna betalen we de koper automatisch terug.`, link: sales },
  "return.delivered": { type: "order", title: "Retour bezorgd", message: (d) => `Je retour van "${d.productTitle}" is bij de verkoper bezorgd. De verkoper controleert het binnen 48 uur.`, link: orders },
  "return.refunded": { type: "order", title: "Retour terugbetaald", message: (d) => `Het retour van "${d.productTitle}" is afgerond: de koper krijgt ${d.amount} terug en je artikel staat weer te koop.`, link: sales },
  "return.problem_reported": { type: "order", title: "Probleem met je retour", message: (d) => `De verkoper meldt een probleem met het retour van "${d.productTitle}". Ons team beslist; de terugbetaling wacht zolang.`, link: orders },
  "return.inspect_reminder": { type: "order", title: "Herinnering: controleer het retour", message: (d) => `Controleer het retour van "${d.productTitle}" vandaag nog: accepteer het of meld een probleem. Zonder reactie betalen we de koper morgen automatisch terug.`, link: sales },
  "return.hand_in_reminder": { type: "order", title: "Herinnering: retour inleveren", message: (d) => `Lever het retour van "${d.productTitle}" morgen uiterlijk in. Daarna vervalt je retour en wordt de verkoper betaald.`, link: orders },
  "return.expired": { type: "order", title: "Retour vervallen", message: (d) => `Je retour van "${d.productTitle}" is niet op tijd ingeleverd. De verkoper wordt betaald.`, link: orders },
  "return.expired_seller": { type: "order", title: "Retour vervallen", message: (d) => `Het retour van "${d.productTitle}" is niet op tijd ingeleverd. Je wordt betaald zoals gewoonlijk.`, link: sales },
  "order.partial_refund_offered": { type: "order", title: "Voorstel: gedeeltelijke terugbetaling", message: (d) => `De verkoper biedt ${d.amount} terug voor "${d.productTitle}" en je houdt het artikel. Accepteer of weiger het bij je bestelling.`, link: orders },
  "order.partial_refund_accepted": { type: "order", title: "Gedeeltelijke terugbetaling geaccepteerd", message: (d) => `De koper accepteert je voorstel voor "${d.productTitle}". Je ontvangt ${d.amount}.`, link: sales },
  "order.partial_refund_refused": { type: "order", title: "Gedeeltelijke terugbetaling geweigerd", message: (d) => `De koper weigert je voorstel van ${d.amount} voor "${d.productTitle}". Het geschil blijft open voor ons team.`, link: sales },
  "payout.released": { type: "order", title: "Uitbetaling verstuurd", message: (d) => `${d.amount} voor "${d.productTitle}" is naar je rekening overgemaakt.`, link: sales },
  "tax.profile_needed": { type: "order", title: "Vul je fiscale gegevens in", message: (d) => `Je hebt dit jaar ${d.sales} verkopen en ${d.amount} ontvangen. De wet (DAC7) verplicht ons je gegevens aan de Belastingdienst te melden vanaf 30 verkopen of € 2.000; vul ze nu in, anders wachten je uitbetalingen.`, link: () => "/dashboard?tab=tax" },
  "payout.held_tax": { type: "order", title: "Uitbetaling wacht op je fiscale gegevens", message: (d) => `Je hebt dit jaar de DAC7-drempel bereikt (${d.sales} verkopen, ${d.amount}). Je uitbetalingen wachten tot je fiscale gegevens compleet zijn; daarna gaan ze vanzelf.`, link: () => "/dashboard?tab=tax" },
  "payout.account_needed": { type: "order", title: "Stel je uitbetalingen in", message: (d) => `We willen ${d.amount} voor "${d.productTitle}" uitbetalen, maar je uitbetaalrekening is nog niet ingesteld.`, link: sales },

  "support.reply": { type: "support", title: "Nieuw antwoord van Support", message: (d) => `Het supportteam heeft gereageerd op je ticket "${d.subject}".`, link: (d) => `/support?ticket=${d.ticketId}` },
  "support.status": { type: "support", title: "Ticketstatus gewijzigd", message: (d) => `Je ticket "${d.subject}" is nu ${d.status === "resolved" ? "opgelost" : d.status === "in_progress" ? "in behandeling" : d.status}.`, link: (d) => `/support?ticket=${d.ticketId}` },
  "listing.removed": { type: "other", title: "Advertentie verwijderd", message: (d) => `We hebben "${d.productTitle}" verwijderd (${MODERATION_NL[d.category ?? "other"] ?? d.category}). Reden: ${d.reason || "geen toelichting"}. Niet eens? Dien binnen 6 maanden bezwaar in via Support.`, link: () => "/support" },
  "report.outcome": { type: "other", title: "Je melding is beoordeeld", message: (d) => `${d.outcome === "dismissed" ? "We hebben je melding bekeken en geen overtreding gevonden." : d.outcome === "listing_removed" ? "De gemelde advertentie is verwijderd." : "Het gemelde account is geblokkeerd."}${d.note ? ` ${d.note}` : ""}`, link: () => "/notifications" },
  // Messages and offers
  "message.received": { type: "message", title: "Nieuw bericht", message: (d) => `${d.senderName} over "${d.productTitle}": ${d.preview}`, link: (d) => `/messages?c=${d.conversationId}` },
  "offer.made": { type: "message", title: "Nieuw bod", message: (d) => `${d.senderName} biedt ${d.amount} voor "${d.productTitle}".`, link: (d) => `/messages?c=${d.conversationId}` },
  "offer.accepted": { type: "message", title: "Bod geaccepteerd", message: (d) => `Het bod van ${d.amount} op "${d.productTitle}" is geaccepteerd.`, link: (d) => `/messages?c=${d.conversationId}` },
  "offer.declined": { type: "message", title: "Bod afgewezen", message: (d) => `Het bod van ${d.amount} op "${d.productTitle}" is afgewezen.`, link: (d) => `/messages?c=${d.conversationId}` },
  "offer.countered": { type: "message", title: "Tegenbod", message: (d) => `${d.senderName} doet een tegenbod van ${d.amount} op "${d.productTitle}".`, link: (d) => `/messages?c=${d.conversationId}` },
  "offer.withdrawn": { type: "message", title: "Bod ingetrokken", message: (d) => `Het bod van ${d.amount} op "${d.productTitle}" is ingetrokken.`, link: (d) => `/messages?c=${d.conversationId}` },
  "offer.expired": { type: "message", title: "Bod verlopen", message: (d) => `Het bod van ${d.amount} op "${d.productTitle}" is na 48 uur verlopen.`, link: (d) => `/messages?c=${d.conversationId}` },

  "review.invite": { type: "review", title: "Hoe was je aankoop?", message: (d) => `Je hebt "${d.productTitle}" ontvangen. Laat een review achter voor de verkoper.`, link: (d) => `/product/${d.productId}#reviews` },
  "review.received": { type: "review", title: "Nieuwe review", message: (d) => `${d.reviewer} gaf "${d.productTitle}" ${d.rating} van de 5 sterren.`, link: (d) => `/product/${d.productId}#reviews` },
  "price.drop": { type: "other", title: "Prijs verlaagd", message: (d) => `"${d.productTitle}" op je verlanglijst is verlaagd van ${d.oldPrice} naar ${d.newPrice}.`, link: (d) => `/product/${d.productId}` },
  "search.match": { type: "other", title: "Nieuwe resultaten voor je zoekopdracht", message: (d) => `${d.count} nieuwe advertentie(s) voor "${d.name}".`, link: (d) => `/browse${d.query ? `?${d.query}` : ""}` },
} satisfies Record<string, Text>;

export type NotificationEvent = keyof typeof NOTIFICATION_TEXTS;

export async function notify(tx: Tx, userId: string, event: NotificationEvent, data: Data): Promise<void> {
  const text: Text = NOTIFICATION_TEXTS[event];
  const shown = eventStrings(data, "nl");
  const row = await tx.notification.create({
    data: {
      userId,
      type: text.type,
      title: text.title,
      message: text.message(shown),
      link: text.link(shown),
      event,
      data: data as Prisma.InputJsonObject,
      // Pushed to the user's devices once committed (./push.ts).
      pushPending: pushCategoryOf(event) !== undefined,
    },
    select: { id: true },
  });
  // The events that matter by e-mail too (lib/domains/notifications/mail-events.ts), in the same transaction.
  await mailForEvent(tx, userId, event, data, text.link(shown));
  // Open pages and bells hear it at once (sent when the transaction commits).
  await publishEvent(tx, userId, { type: "notification", notificationId: row.id });
  await publishEvent(tx, userId, { type: "unread" });
  if (pushCategoryOf(event)) schedulePushSend();
}

/** The same notification to every admin (disputes, chargebacks). */
export async function notifyAdmins(tx: Tx, event: NotificationEvent, data: Data): Promise<void> {
  const admins = await tx.user.findMany({ where: { isAdmin: true, isBanned: false, deletedAt: null }, select: { id: true } });
  for (const admin of admins) await notify(tx, admin.id, event, data);
}
