import { SnakeServiceError } from '@nftkit/snake-protocol';
import { describe, expect, it } from 'vitest';
import { foreignWords } from '../token/voice.test-helper';
import * as calls from './serviceCalls';
import { describeFailure, signInNotice } from './serviceNotices';
import { serviceReasons, serviceText } from './strings';

describe('a failed service step as the player is told it', () => {
  it('a reason by the service’s code or status, in the page’s language; the raw message apart', () => {
    const cases: [unknown, string][] = [
      [new SnakeServiceError(0, 'SnakeServiceUnreachable', 'fetch failed'), serviceReasons.unreachable],
      [
        new SnakeServiceError(422, 'SnakeReplayMismatch', 'ticks does not match'),
        '回放本局得到的结果与提交的不同',
      ],
      [new SnakeServiceError(502, 'SnakeChainError', 'token 2 could not be read'), '区块链暂时无法连接'],
      [new SnakeServiceError(500, 'SnakeInternal', 'boom'), serviceReasons.serverFailed],
      [
        new SnakeServiceError(400, 'SnakeBadRequest', 'body.ticks: expected number'),
        serviceReasons.refusedRequest,
      ],
      [
        new calls.SignInError(false, 'the sign-in message does not name this wallet'),
        serviceReasons.signFailed,
      ],
      [new TypeError('Failed to fetch'), serviceReasons.unreachable],
    ];
    for (const [error, reason] of cases) {
      const failure = describeFailure(calls, error);
      expect(failure.reason, String(error)).toBe(reason);
      expect(failure.detail).toBe((error as Error).message);
      for (const text of [serviceText.startFailed, serviceText.willRetry, serviceText.refused])
        expect(foreignWords(text(failure.reason))).toEqual([]);
    }
  });

  it('a refused signature is one sentence, with nothing raw under it', () => {
    const refused = new calls.SignInError(true, 'User rejected the request.');
    expect(signInNotice(calls, refused)).toEqual({ kind: 'error', text: serviceText.signRejected });
    expect(signInNotice(calls, new SnakeServiceError(0, 'SnakeServiceUnreachable', 'fetch failed'))).toEqual({
      kind: 'error',
      text: serviceText.signInFailed(serviceReasons.unreachable),
      detail: 'fetch failed',
    });
  });
});
