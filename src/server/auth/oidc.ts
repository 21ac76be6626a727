/**
 * External sign-in: OpenID Connect with `openid-client` (DESIGN.md sections 3 and 8).
 * Authorization code flow with PKCE (S256), state and nonce; the ID token's signature, issuer,
 * audience, expiry and nonce are validated by the library (non-repudiation checks on, so the
 * signature is checked against the provider's JWKS even though the token came over TLS).
 *
 * The transaction (code verifier, state, nonce, and the invitation being accepted) travels in a
 * signed, httpOnly cookie that lives 10 minutes and is cleared by the callback.
 */
import type * as OpenIdClient from 'openid-client';

/** openid-client, loaded on the first sign-in through the provider (idle memory, DESIGN.md section 7). */
let loaded: Promise<typeof OpenIdClient> | undefined;
const openIdClient = () => (loaded ??= import('openid-client'));
import type { Config } from '../config.js';

export type OidcConfig = NonNullable<Config['oidc']>;

/** What the callback needs to finish the flow; kept in the signed transaction cookie. */
export interface OidcTransaction {
  codeVerifier: string;
  state: string;
  nonce: string;
  /** The invitation token given to `/api/login?invite=`, when the sign-in accepts one. */
  inviteToken?: string;
}

/** The verified identity the provider vouched for. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  /** Lower-cased; present only with `emailVerified`'s value alongside. */
  email: string | undefined;
  /** True only when the provider states `email_verified: true`. */
  emailVerified: boolean;
  firstName: string | undefined;
  lastName: string | undefined;
}

export const OIDC_TRANSACTION_COOKIE = 'stocktally_oidc';
export const OIDC_TRANSACTION_MAX_AGE_SECONDS = 10 * 60;
/** The callback path registered with the provider (redirect URI = app origin + this). */
export const OIDC_CALLBACK_PATH = '/api/callback';

/** Thrown for any failure of the flow; the message is safe to show. */
export class OidcError extends Error {}

/**
 * One provider's client: discovery is made on first use and kept; a failed discovery is retried
 * on the next sign-in (the provider may have been down).
 */
export class OidcClient {
  private configuration: Promise<OpenIdClient.Configuration> | undefined;

  constructor(private readonly oidc: OidcConfig) {}

  private discover(client: typeof OpenIdClient): Promise<OpenIdClient.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.oidc.issuerUrl);
      // Plain http is accepted only because the operator configured an http issuer (a LAN or test provider).
      const execute = [client.enableNonRepudiationChecks, ...(issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [])];
      this.configuration = client.discovery(issuer, this.oidc.clientId, this.oidc.clientSecret, undefined, { execute, timeout: 10 });
      this.configuration.catch(() => {
        this.configuration = undefined;
      });
    }
    return this.configuration;
  }

  /** Starts a sign-in: the provider's authorization URL and the transaction to keep. */
  async start(redirectUri: string, inviteToken?: string): Promise<{ url: string; transaction: OidcTransaction }> {
    const client = await openIdClient();
    const configuration = await this.discover(client).catch((err: Error) => {
      throw new OidcError(`The sign-in provider is unreachable (${err.message}).`);
    });
    const transaction: OidcTransaction = {
      codeVerifier: client.randomPKCECodeVerifier(),
      state: client.randomState(),
      nonce: client.randomNonce(),
      ...(inviteToken ? { inviteToken } : {}),
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
    });
    return { url: url.href, transaction };
  }

  /**
   * Finishes a sign-in: exchanges the code (PKCE), checks state, nonce and the ID token, and
   * reads the claims (ID token, completed by the UserInfo answer when the provider has one).
   * @param callbackUrl the full URL the provider redirected the browser to.
   * @throws OidcError for a wrong state or nonce, a forged or expired ID token, a provider error.
   */
  async finish(callbackUrl: URL, transaction: OidcTransaction): Promise<OidcIdentity> {
    const client = await openIdClient();
    const configuration = await this.discover(client).catch((err: Error) => {
      throw new OidcError(`The sign-in provider is unreachable (${err.message}).`);
    });
    let tokens;
    try {
      tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      throw new OidcError(`The sign-in provider's answer was refused: ${describe(err)}`);
    }
    const idClaims = tokens.claims()!;
    let claims: Record<string, unknown> = { ...idClaims };
    if (configuration.serverMetadata().userinfo_endpoint) {
      try {
        claims = { ...claims, ...(await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)), iss: idClaims.iss };
      } catch (err) {
        throw new OidcError(`The sign-in provider's user information was refused: ${(err as Error).message}`);
      }
    }
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined;
    return {
      issuer: String(idClaims.iss),
      subject: idClaims.sub,
      email: email || undefined,
      emailVerified: claims.email_verified === true,
      firstName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
      lastName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
    };
  }
}

/** The check that failed, as the library states it (e.g. 'unexpected ID Token "nonce" claim value'). */
function describe(err: unknown): string {
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : (err as Error).message;
}

/** Encodes a transaction for the (signed) cookie. */
export function encodeTransaction(transaction: OidcTransaction): string {
  return Buffer.from(JSON.stringify(transaction)).toString('base64url');
}

/** Decodes the cookie's transaction; undefined when it is malformed. */
export function decodeTransaction(value: string): OidcTransaction | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<OidcTransaction>;
    if (typeof parsed.codeVerifier !== 'string' || typeof parsed.state !== 'string' || typeof parsed.nonce !== 'string') return undefined;
    return {
      codeVerifier: parsed.codeVerifier,
      state: parsed.state,
      nonce: parsed.nonce,
      ...(typeof parsed.inviteToken === 'string' ? { inviteToken: parsed.inviteToken } : {}),
    };
  } catch {
    return undefined;
  }
}
