import type { AccessTokens, IssuedAccessToken } from './access-tokens.ts';
import type { AuthorizationCodes, CodeCheck } from './authorization-codes.ts';
import type { RefreshTokens } from './refresh-tokens.ts';

/** The two grants of the portal: authorization code (endpoint 13) and refresh token (endpoint 14). */

export interface CodeExchangeResult extends IssuedAccessToken {
  refreshToken: string;
}

export class TokenIssuer {
  constructor(
    private readonly codes: AuthorizationCodes,
    private readonly refreshTokens: RefreshTokens,
    private readonly accessTokens: AccessTokens,
  ) {}

  async exchangeCode(code: string, check: CodeCheck): Promise<CodeExchangeResult> {
    // Redeeming the code and recording its refresh token run in one synchronous stretch (no await
    // between them), so a concurrent replay always finds the token it has to revoke.
    const grant = this.codes.redeem(code, check, (codeHash) => this.refreshTokens.revokeForCode(codeHash));
    const refreshToken = this.refreshTokens.issue(grant, grant.codeHash);
    return { ...(await this.accessTokens.issue(grant)), refreshToken };
  }

  async refresh(refreshToken: string): Promise<IssuedAccessToken> {
    return this.accessTokens.issue(this.refreshTokens.redeem(refreshToken));
  }
}
