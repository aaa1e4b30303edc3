/** The tax domain (DAC7): the only way in for code outside it. */
export { DAC7_HOLD, MANUAL_HOLD, payoutHoldReason } from "./holds";
export { taxJobs, sendDac7Statements } from "./jobs";
export { ASK_CENTS, ASK_SALES, REPORT_CENTS, REPORT_SALES } from "./figures";
export { getTaxProfile, putTaxProfile } from "./profile";
export type { TaxProfileJson } from "./profile";
export { dac7Report, myDac7Statement } from "./report";
export { dac7Xml, dac7XmlResponse } from "./dpi-xml";
export { dac7Query, taxProfileInput, yearQuery } from "./input";
export { taxDashboard } from "./dashboard";
export type { TaxDashboard } from "./dashboard";
export { taxDataOf } from "./personal-data";
export { derivedKey, parseKey } from "./crypto";
export { KeyRotationError, rotateTaxDataKey } from "./rotate";
export type { RotationResult } from "./rotate";
