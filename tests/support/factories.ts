import { POST as register } from "@/app/api/auth/register/route";
import { call } from "./http";

let counter = 0;

export type RegisteredUser = { id: string; email: string; password: string; token: string };

/**
 * A business seller registers with the trader details registration asks of them (KvK
 * number, business address, phone, self-certification); a test gives its own to
 * override them. A test of an incomplete business account clears them in the database.
 */
function traderDetailsFor(overrides: Record<string, unknown>): Record<string, unknown> {
  if (overrides.is_business_seller !== true) return {};
  return {
    kvk_number: String(10_000_000 + counter),
    business_address: "Oudegracht 1, 3511 AB Utrecht",
    phone: `+316${String(20_000_000 + counter).slice(-8)}`,
    trader_self_certified: true,
  };
}

/** Registers a user through the real endpoint and returns its id and bearer token. */
export async function registerUser(overrides: Record<string, unknown> = {}): Promise<RegisteredUser> {
  counter += 1;
  const email = (overrides.email as string) ?? `user${counter}-${Date.now()}@example.nl`;
  const password = (overrides.password as string) ?? "correct horse battery";
  const res = await call(register, {
    path: "/api/auth/register",
    ip: `192.0.2.${counter % 250}`,
    json: { name: "Sanne de Vries", email, password, ...traderDetailsFor(overrides), ...overrides },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id, email: res.body.user.email, password, token: res.body.access_token };
}
