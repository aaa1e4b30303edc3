import { AppError } from "@/lib/api/errors";
import { clearHits, countHit, enforce, tooManyRequests } from "@/lib/api/rate-limit";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "@/lib/auth/password";
import { db, Prisma } from "@/lib/db/client";
import type { User } from "@/lib/db/generated/client";
import type { LoginInput, RegisterInput, UpdateProfileInput } from "./schemas";

const MINUTE = 60;

/** Login: 5 failed attempts per email per 15 minutes, 30 attempts per IP per 15 minutes. */
export const LOGIN_LIMITS = {
  failuresPerEmail: { max: 5, windowSeconds: 15 * MINUTE },
  attemptsPerIp: { max: 30, windowSeconds: 15 * MINUTE },
};

/** Register: 10 per IP per hour, 5 per email per hour. */
export const REGISTER_LIMITS = {
  perIp: { max: 10, windowSeconds: 60 * MINUTE },
  perEmail: { max: 5, windowSeconds: 60 * MINUTE },
};

export const BANNED_DETAIL = "Account banned";

export async function registerUser(input: RegisterInput, ip: string): Promise<User> {
  await enforce(
    { key: `register:ip:${ip}`, ...REGISTER_LIMITS.perIp },
    { key: `register:email:${input.email}`, ...REGISTER_LIMITS.perEmail },
  );
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.user.create({
      data: {
        email: input.email,
        passwordHash,
        name: input.name,
        phone: input.phone,
        isBusinessSeller: input.isBusinessSeller,
        businessName: input.businessName,
        vatNumber: input.vatNumber,
        kvkNumber: input.kvkNumber, // i12b
        businessAddress: input.businessAddress, // i12b
      },
    });
  } catch (error) {
    // Two registrations racing for one email: the unique index decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw emailTaken();
    }
    throw error;
  }
}

function emailTaken() {
  return new AppError("conflict", "Email already registered", { code: "email_taken" });
}

/**
 * Checks credentials, shared by POST /api/auth/login and the web's next-auth sign-in.
 * Throws 429 when rate limited, 401 for wrong credentials, 403 for banned accounts.
 */
export async function authenticate(input: LoginInput, ip: string): Promise<User> {
  const emailKey = `login:fail:${input.email}`;
  const ipHit = await countHit(`login:ip:${ip}`, LOGIN_LIMITS.attemptsPerIp.windowSeconds);
  if (ipHit.count > LOGIN_LIMITS.attemptsPerIp.max) throw tooManyRequests(ipHit.expires_at);
  // Every attempt counts before the password is checked, in one atomic statement, so a
  // burst of parallel guesses cannot all be compared; a success clears the count.
  const emailHit = await countHit(emailKey, LOGIN_LIMITS.failuresPerEmail.windowSeconds);
  if (emailHit.count > LOGIN_LIMITS.failuresPerEmail.max) throw tooManyRequests(emailHit.expires_at);

  const user = await db.user.findUnique({ where: { email: input.email } });
  const ok = user && !user.deletedAt
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    throw new AppError("unauthorized", "Incorrect email or password", {
      code: "invalid_credentials",
    });
  }
  if (user.isBanned) throw new AppError("forbidden", BANNED_DETAIL, { code: "banned" });
  await clearHits(emailKey);
  return user;
}

/** An active (not deleted) user by id, or null. */
export async function findActiveUser(id: string): Promise<User | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const user = await db.user.findUnique({ where: { id } });
  return user && !user.deletedAt ? user : null;
}

export async function updateProfile(user: User, input: UpdateProfileInput): Promise<User> {
  if (input.email !== undefined && input.email.toLowerCase() !== user.email) {
    throw new AppError("bad_request", "Email cannot be changed", { code: "email_read_only" });
  }
  return db.user.update({
    where: { id: user.id },
    data: {
      name: input.name,
      phone: input.phone,
      // i12b: trader details only mean something for a business seller.
      ...(user.isBusinessSeller ? { kvkNumber: input.kvk_number, businessAddress: input.business_address } : {}),
    },
  });
}
