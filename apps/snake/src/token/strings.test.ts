import { ApiError, ConnectionRefusedError, HttpRequestError } from '@nftkit/sdk';
import { describe, expect, it } from 'vitest';
import { chainReasons, describeChainFailure, tokenText } from './strings';
import { foreignWords } from './voice.test-helper';

const api = (status: number, error: string) =>
  new ApiError({ status, statusText: 'x', data: { error }, url: 'http://127.0.0.1:9944/v2/devnet/x' });

describe('a failed chain call as the player is told it', () => {
  it('names the kind of failure in the page’s language and keeps the raw text apart', () => {
    const cases: [unknown, string][] = [
      [
        new ConnectionRefusedError('http://127.0.0.1:9944', new Error('ECONNREFUSED')),
        chainReasons.unreachable,
      ],
      [
        new HttpRequestError('http://127.0.0.1:9944', new TypeError('fetch failed')),
        chainReasons.unreachable,
      ],
      [api(400, 'Inability to pay some fees'), chainReasons.noFunds],
      [api(403, 'common.NoPermission'), chainReasons.refused],
      [api(503, 'token 2 could not be read'), chainReasons.nodeFailed],
      [Object.assign(new Error('User rejected the request.'), { code: 4001 }), chainReasons.signRejected],
      [new Error('Cancelled'), chainReasons.signRejected],
      [new TypeError("Cannot read properties of undefined (reading 'x')"), chainReasons.other],
    ];
    for (const [error, reason] of cases) {
      const failure = describeChainFailure(error);
      expect(failure.reason, String(error)).toBe(reason);
      expect(failure.detail).toBeTruthy();
      expect(foreignWords(tokenText.mintFailed(failure.reason))).toEqual([]);
    }
    expect(describeChainFailure(api(403, 'common.NoPermission')).detail).toBe('common.NoPermission');
  });
});
