/** The tax domain (DAC7): the only way in for code outside it. */
export { payoutHoldReason } from "./holds";
export { taxJobs } from "./jobs";
export { getTaxProfile, putTaxProfile } from "./profile";
export { dac7Report, myDac7Statement } from "./report";
export { dac7Xml, dac7XmlResponse } from "./dpi-xml";
export { dac7Query, taxProfileInput, yearQuery } from "./input";
export { taxDashboard } from "./dashboard";
export { taxDataOf } from "./personal-data";
export { derivedKey, parseKey } from "./crypto";
export { rotateTaxDataKey } from "./rotate";
export { taxOperations } from "./openapi";
export { taxProfileJson } from "./responses";
