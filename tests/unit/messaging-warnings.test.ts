// The scam-warning classifier (lib/domains/messaging/warnings.ts) on a corpus of Dutch and
// English messages: the scams are flagged with the right reason, and none of the
// ordinary messages (prices, pickup times, addresses, questions about paying) is.
import { describe, expect, it } from "vitest";
import { messageWarning, type WarningCode } from "@/lib/domains/messaging/warnings";

const ORDINARY: string[] = [
  "Hoi, is de fiets nog beschikbaar?",
  "Is this still available?",
  "Wat is de laagste prijs?",
  "Would you take 40 euro for it?",
  "Ik kan 120 euro bieden, is dat goed?",
  "Kan ik met tikkie betalen?",
  "Can I pay with Tikkie or only through the site?",
  "Betalen gaat via Kringwaar toch?",
  "I'll pay through Kringwaar, the money stays in escrow right?",
  "Ophalen kan morgen na 18:00 uur.",
  "Can I pick it up on Saturday around 10am?",
  "Mijn adres is Neude 11, 3512 AE Utrecht.",
  "The address is Oosterdokskade 143 in Amsterdam, 2nd floor.",
  "Zit er nog garantie op de laptop?",
  "Does it come with the charger?",
  "Prima, ik kom hem zaterdag halen. Tot dan!",
  "Thanks, see you tomorrow at 7.",
  "Is de prijs van € 149,50 inclusief de fietstas?",
  "The price is € 1.250,00 as listed.",
  "Kun je een foto van de achterkant sturen?",
  "Could you send me a picture of the scratches?",
  "Ik heb betaald via de site, wanneer kan ik ophalen?",
  "Welke maat is de jas?",
  "Hoe oud is de bank? Zijn er huisdieren in huis?",
  "Does the washing machine work properly?",
  "Ik woon in Amersfoort, dat is 20 minuten rijden.",
  "Parking is free in front of the house, number 12.",
  "Kan ik de ophaalcode laten zien bij het ophalen?",
  "My phone died yesterday, sorry for the late answer.",
  "Bezorgen is helaas niet mogelijk, alleen ophalen.",
  "Kijk ook eens op https://www.kringwaar.nl/browse voor meer fietsen.",
  "Track and trace is niet nodig, ik kom het zelf halen.",
  "Ik had al een betaalverzoek gezien op Marktplaats, maar dat vertrouw ik niet. Hier is het veiliger.",
  "Kan ik contant betalen bij het ophalen?",
];

const SCAMS: [string, WarningCode][] = [
  ["Betaal maar via deze link: https://tikkie.me/pay/Kringwaar/abc123", "payment_link"],
  ["Here is the payment link tikkie.me/pay/xyz", "payment_link"],
  ["Stuur het geld via bunq.me/janssen5", "payment_link"],
  ["Please pay here: https://paypal.me/cheapbikes/150", "payment_link"],
  ["Gebruik dit betaalverzoek: https://betaalverzoek.rabobank.nl/betaalverzoek/?id=Xy12", "payment_link"],
  ["ING link: https://www.ing.nl/payreq/m/?trxid=123456", "payment_link"],
  ["Revolut werkt ook: revolut.me/pietje", "payment_link"],
  ["Ik stuur je even een tikkie voor de verzendkosten", "off_platform_payment"],
  ["I will send you a payment request for the shipping", "off_platform_payment"],
  ["Heb je het betaalverzoek ontvangen dat ik gestuurd heb?", "off_platform_payment"],
  ["Maak het bedrag maar over naar mijn rekening, dan verstuur ik het", "off_platform_payment"],
  ["Mijn IBAN is NL91 ABNA 0417 1643 00, graag vandaag overmaken", "off_platform_payment"],
  ["NL91ABNA0417164300 t.n.v. P. Jansen", "off_platform_payment"],
  ["My bank account number is 12345678, transfer today please", "off_platform_payment"],
  ["Kun je betalen met een cadeaukaart van bol.com?", "off_platform_payment"],
  ["Please pay with Google Play gift cards, it is faster", "off_platform_payment"],
  ["Betaal buiten Kringwaar, dan scheelt het de servicekosten", "off_platform_payment"],
  ["Let's pay outside Kringwaar, saves us both the fee", "off_platform_payment"],
  ["Paysafecard codes are fine too", "off_platform_payment"],
  ["I only accept Western Union", "off_platform_payment"],
  ["Can you pay in bitcoin?", "off_platform_payment"],
  ["Bevestig je verkoop op https://kringwaar-veilig.nl/bevestig", "phishing_link"],
  ["Your item is sold, confirm at http://kringwaar.payment-secure.com/login", "phishing_link"],
  ["PostNL heeft een pakket voor je: https://postnl-bezorging.net/track", "phishing_link"],
  ["DHL needs your details: dhl-delivery-nl.com/confirm", "phishing_link"],
  ["Vul je gegevens in op www.kr1ngwaar-betaling.nl", "phishing_link"],
  ["Verzending via DPD, claim hier: dpd-pakket.info/claim?id=9", "phishing_link"],
  ["App me even op WhatsApp: 06 12345678", "contact_off_platform"],
  ["Whatsapp mij op +31 6 1234 5678 dan regelen we het", "contact_off_platform"],
  ["Let's continue on WhatsApp, my number is +44 7700 900123", "contact_off_platform"],
  ["Stuur maar een bericht via wa.me/31612345678", "contact_off_platform"],
  ["Telegram is easier for me: 0612345678", "contact_off_platform"],
  ["Bel me op 06-12345678 of stuur een sms", "contact_off_platform"],
];

describe("scam warnings corpus", () => {
  it("has at least 60 messages, about half of them ordinary", () => {
    expect(ORDINARY.length + SCAMS.length).toBeGreaterThanOrEqual(60);
    expect(ORDINARY.length).toBeGreaterThanOrEqual(30);
    expect(SCAMS.length).toBeGreaterThanOrEqual(30);
  });

  it("flags no ordinary message", () => {
    const flagged = ORDINARY.map((text) => [text, messageWarning(text)]).filter(([, code]) => code !== null);
    expect(flagged).toEqual([]);
  });

  it.each(SCAMS)("flags %j as %s", (text, code) => {
    expect(messageWarning(text)).toBe(code);
  });

  it("covers every reason code", () => {
    expect(new Set(SCAMS.map(([, code]) => code))).toEqual(
      new Set(["payment_link", "off_platform_payment", "phishing_link", "contact_off_platform"]),
    );
  });
});
