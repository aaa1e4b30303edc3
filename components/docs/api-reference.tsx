"use client";

import dynamic from "next/dynamic";

/**
 * The API reference (Scalar), loaded only by the /docs/api page and only in the browser:
 * no other page carries its code.
 */
export const ApiReference = dynamic(() => import("./scalar-reference"), { ssr: false });
