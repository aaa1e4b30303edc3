import { AppError } from "@/lib/platform/api/errors";
import { banStatementOf } from "@/lib/domains/statements";
import { clearHits, countHit, enforce, peekHits, tooManyRequests } from "@/lib/platform/api/rate-limit";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./auth/password";
import { db, Prisma } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import { DEFAULT_LOCALE, type Locale } from "@/lib/platform/i18n/config";
import { sendWelcomeMail } from "@/lib/domains/notifications";
import { COMPANY_RESERVED_MESSAGE, imitatesStaff, NAME_RESERVED_MESSAGE } from "./display-name";
import type { LoginInput, RegisterInput, UpdateProfileInput } from "./schemas";
import { assertTraderDetailsKept } from "./trader-checks";

const MINUTE = 60;

/**
 * Login limits that protect the owner instead of locking them out (docs/architecture.md
 * "Rate limits"):
 *  - per (email, address): 5 attempts that did not succeed in 15 minutes, then that
 *    address waits (a short lock that someone else's guesses cannot put on the owner);
 *  - per email, from any address: no hard block, but after 10 failures in an hour each
 *    attempt from an address the owner has not signed in from is slowed down, more with
 *    every failure (up to 5 s), so spreading guesses over many addresses stays slow;
 *  - per address: 30 failures in 15 minutes (trying many accounts), and 300 attempts in
 *    all (a successful sign-in counts here only).
 */
export const LOGIN_LIMITS = {
  failuresPerEmailAndIp: { max: 5, windowSeconds: 15 * MINUTE },
  failuresPerIp: { max: 30, windowSeconds: 15 * MINUTE },
  attemptsPerIp: { max: 300, windowSeconds: 15 * MINUTE },
  failuresPerEmail: { delayAfter: 10, stepMs: 250, maxDelayMs: 5_000, windowSeconds: 60 * MINUTE },
  /** An address the owner signed in from counts as theirs for this long. */
  knownAddressSeconds: 30 * 24 * 60 * MINUTE,
};

/** The wait before checking a password, after `failures` failures for the email. */
export function loginDelayMs(failures: number): number {
  const { delayAfter, stepMs, maxDelayMs } = LOGIN_LIMITS.failuresPerEmail;
  return failures <= delayAfter ? 0 : Math.min((failures - delayAfter) * stepMs, maxDelayMs);
}

export const REGISTER_LIMITS = {
  perIp: { max: 10, windowSeconds: 60 * MINUTE },
  perEmail: { max: 5, windowSeconds: 60 * MINUTE },
};

export const BANNED_DETAIL = "Account banned";

/** Why a signed-in user may not use the routes that need a user: a ban (the route wrapper's hook). */
export function refuseUser(user: Pick<User, "isBanned">): AppError | null {
  return user.isBanned ? new AppError("forbidden", BANNED_DETAIL, { code: "banned" }) : null;
}

export async function registerUser(input: RegisterInput, ip: string, locale: Locale = DEFAULT_LOCALE): Promise<User> {
  await enforce(
    { key: `register:ip:${ip}`, ...REGISTER_LIMITS.perIp },
    { key: `register:email:${input.email}`, ...REGISTER_LIMITS.perEmail },
  );
  if (imitatesStaff(input.name)) throw staffName();
  if (input.businessName && imitatesStaff(input.businessName)) throw staffName("business_name", COMPANY_RESERVED_MESSAGE);
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    // The welcome mail (with the address confirmation) is written with the account.
    return await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          locale,
          email: input.email,
          passwordHash,
          name: input.name,
          phone: input.phone,
          isBusinessSeller: input.isBusinessSeller,
          businessName: input.businessName,
          vatNumber: input.vatNumber,
          kvkNumber: input.kvkNumber,
          businessAddress: input.businessAddress,
          traderCertifiedAt: input.traderSelfCertified ? new Date() : null,
        },
      });
      await sendWelcomeMail(tx, user.id);
      return user;
    });
  } catch (error) {
    // Two registrations racing for one email: the unique index decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw emailTaken();
    }
    throw error;
  }
}

/** Only Kringwaar's own staff may look like Kringwaar's staff (lib/domains/accounts/display-name.ts). */
function staffName(field = "name", message = NAME_RESERVED_MESSAGE) {
  return new AppError("validation", message, { code: "name_reserved", errors: [{ field, message }] });
}

function emailTaken() {
  return new AppError("conflict", "Email already registered", { code: "email_taken" });
}

/**
 * Checks credentials, shared by POST /api/auth/login and the web's next-auth sign-in.
 * Throws 429 when rate limited, 401 for wrong credentials, 403 for banned accounts.
 */
export async function authenticate(input: LoginInput, ip: string): Promise<User> {
  const limits = LOGIN_LIMITS;
  const attempts = await countHit(`login:ip:${ip}`, limits.attemptsPerIp.windowSeconds);
  if (attempts.count > limits.attemptsPerIp.max) throw tooManyRequests(attempts.expires_at);
  const ipFailures = await peekHits(`login:ipfail:${ip}`);
  if (ipFailures && ipFailures.count >= limits.failuresPerIp.max) throw tooManyRequests(ipFailures.expires_at);
  // Every attempt of this address for this email counts before the password is checked,
  // in one atomic statement, so parallel guesses cannot all be compared; a success
  // clears it.
  const pairKey = `login:fail:${input.email}:${ip}`;
  const pair = await countHit(pairKey, limits.failuresPerEmailAndIp.windowSeconds);
  if (pair.count > limits.failuresPerEmailAndIp.max) throw tooManyRequests(pair.expires_at);
  // Many addresses guessing one account: slowed down, never locked (the owner's own
  // addresses are not slowed at all).
  const emailFailures = await peekHits(`login:emailfail:${input.email}`);
  const delay = loginDelayMs(emailFailures?.count ?? 0);
  if (delay > 0 && !(await peekHits(`login:ok:${input.email}:${ip}`))) {
    await new Promise((resolve) => setTimeout(resolve, delay));
  }

  const user = await db.user.findUnique({ where: { email: input.email } });
  const ok = user && !user.deletedAt
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await countHit(`login:ipfail:${ip}`, limits.failuresPerIp.windowSeconds);
    await countHit(`login:emailfail:${input.email}`, limits.failuresPerEmail.windowSeconds);
    throw new AppError("unauthorized", "Incorrect email or password", {
      code: "invalid_credentials",
    });
  }
  if (user.isBanned) {
    // The statement of reasons of the ban (DSA art. 17): what, why, and how to object.
    throw new AppError("forbidden", BANNED_DETAIL, { code: "banned", extra: { statement: await banStatementOf(user.id) } });
  }
  await clearHits(pairKey);
  await countHit(`login:ok:${input.email}:${ip}`, limits.knownAddressSeconds);
  return user;
}

/** An active (not deleted) user by id, or null. */
export async function findActiveUser(id: string): Promise<User | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const user = await db.user.findUnique({ where: { id } });
  return user && !user.deletedAt ? user : null;
}

export async function updateProfile(user: User, input: UpdateProfileInput): Promise<User> {
  if (!user.isAdmin && input.name !== user.name && imitatesStaff(input.name)) throw staffName();
  if (input.email !== undefined && input.email.toLowerCase() !== user.email) {
    throw new AppError("bad_request", "Email cannot be changed", { code: "email_read_only" });
  }
  if (input.is_business_seller === true && !user.isBusinessSeller) {
    throw new AppError("validation", "A private account becomes a business account by registering the business", {
      code: "validation", errors: [{ field: "is_business_seller", message: "A private account becomes a business account by registering the business" }],
    });
  }
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${user.id}::uuid FOR UPDATE`;
    const before = await tx.user.findUniqueOrThrow({ where: { id: user.id } });
    const toPrivate = before.isBusinessSeller && input.is_business_seller === false;
    // Trader details only mean something for a business seller; a seller turning private
    // keeps none of them. Omitted fields keep what is stored.
    const trader = before.isBusinessSeller && !toPrivate;
    const after = {
      isBusinessSeller: before.isBusinessSeller && !toPrivate,
      phone: input.phone === undefined ? before.phone : input.phone,
      kvkNumber: toPrivate ? null : trader && input.kvk_number !== undefined ? input.kvk_number : before.kvkNumber,
      businessAddress: toPrivate ? null : trader && input.business_address !== undefined ? input.business_address : before.businessAddress,
      traderCertifiedAt: toPrivate
        ? null
        : trader && input.trader_self_certified !== undefined
          ? input.trader_self_certified ? (before.traderCertifiedAt ?? new Date()) : null
          : before.traderCertifiedAt,
    };
    // While listings are live, nothing a listing needed may go (docs/trust-and-law.md).
    await assertTraderDetailsKept(tx, before, after);
    return tx.user.update({
      where: { id: user.id },
      data: { name: input.name, ...after, ...(toPrivate ? { businessName: null, vatNumber: null } : {}) },
    });
  });
}
