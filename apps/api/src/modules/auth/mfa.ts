import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const ISSUER = 'Carbonledger';
/** One 30-second step either side, for clock drift between server and phone. */
const EPOCH_TOLERANCE_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return generateSecret();
}

export async function enrolmentFor(email: string, secret: string): Promise<{ otpauthUrl: string; qrCodeDataUrl: string; secret: string }> {
  const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
  return { otpauthUrl, qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl), secret };
}

/**
 * The time step the code belongs to when it is valid and newer than `afterTimeStep` (the
 * step of the last code accepted for this user), else null: each code works once.
 */
export async function acceptedTotpStep(secret: string, code: string, afterTimeStep: number | null): Promise<number | null> {
  try {
    const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS, ...(afterTimeStep === null ? {} : { afterTimeStep }) });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** Recovery codes look like "3f9a1-0c2bd"; only their sha256 is stored. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
}
