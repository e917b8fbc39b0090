import { SignJWT, jwtVerify } from 'jose';
import type { Clock, TokenService } from '../../application/tasks/ports.ts';
import { TOKEN_LIFETIME_SECONDS } from '../../domain/tasks/rules.ts';
import { isCanonicalBase64url } from './canonical-base64url.ts';

/** How far ahead of our clock an `iat` may be: clocks of nodes behind one load balancer differ a little. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * HS256 JWTs carrying sub, iat and exp. Verification is pinned to HS256, so `alg: none` and every other
 * algorithm fail. Verified tokens are remembered until they expire: verifying the same token again would
 * recompute the same HMAC, and a client sends its token on every request.
 */
export class JoseTokenService implements TokenService {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { sub: string; exp: number }>();

  constructor(
    secret: string,
    private readonly clock: Clock,
    private readonly cacheSize = 10_000,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(userId: string): Promise<string> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
      .sign(this.key);
  }

  async verify(token: string): Promise<string | null> {
    // jose ignores the unused low bits of the signature's last character, so a token changed there would
    // still verify (and be cached under its new spelling): only the spelling Taskcast issues is accepted.
    if (!isCanonicalBase64url(token.slice(token.lastIndexOf('.') + 1))) return null;
    const nowSeconds = this.clock.now().getTime() / 1000;
    const known = this.verified.get(token);
    if (known) {
      if (nowSeconds < known.exp) return known.sub;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'iat', 'exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.iat !== 'number')
        return null;
      // A valid signature is not enough: Taskcast never issues a token that lives longer than 7 days or
      // that was issued in the future, so such a token was minted with a leaked secret or a broken clock.
      // (With exp checked by jose, exp - iat <= 7 days also means it was issued less than 7 days ago.)
      if (payload.exp - payload.iat > TOKEN_LIFETIME_SECONDS) return null;
      if (payload.iat > nowSeconds + CLOCK_SKEW_SECONDS) return null;
      this.remember(token, payload.sub, payload.exp);
      return payload.sub;
    } catch {
      return null;
    }
  }

  private remember(token: string, sub: string, exp: number): void {
    // Insertion-ordered Map as a FIFO: dropping the oldest entry is enough to bound memory.
    if (this.verified.size >= this.cacheSize) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, { sub, exp });
  }
}
