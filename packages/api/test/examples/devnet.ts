import { ALICE, ETH, HASH } from '../fixtures.js';
import type { RouteExamples } from './types.js';

const HEAD = { head: { number: 7, hash: HASH } };
const WORD = `0x${'00'.repeat(31)}2a`;

/** The devnet's test helpers (`devnet.…`, POST bodies). */
export const devnetExamples: Record<string, RouteExamples> = {
  'devnet.snapshot': {
    valid: [{ input: {} }],
    invalid: [{ input: 'now', path: [] }],
    answers: [{ snapshotId: 1, ...HEAD }],
    badAnswers: [{ snapshotId: '0x1', ...HEAD }],
  },
  'devnet.revert': {
    valid: [
      { input: { snapshotId: 1 }, expect: { snapshotId: '1' } },
      { input: { snapshotId: '0x2' }, expect: { snapshotId: '2' } },
    ],
    invalid: [
      { input: {}, path: ['snapshotId'] },
      { input: { snapshotId: -1 }, path: ['snapshotId'] },
      { input: { snapshotId: '1'.repeat(100) }, path: ['snapshotId'] },
    ],
    answers: [HEAD],
    badAnswers: [{}],
  },
  'devnet.mine': {
    valid: [
      { input: {} },
      { input: { blocks: 10, interval: '60' }, expect: { blocks: '10', interval: '60' } },
      { input: { timestamp: 1_900_000_000 }, expect: { timestamp: '1900000000' } },
    ],
    invalid: [
      { input: { blocks: -1 }, path: ['blocks'] },
      { input: { interval: 1.5 }, path: ['interval'] },
    ],
    answers: [HEAD],
  },
  'devnet.increaseTime': {
    valid: [{ input: { seconds: 3600 }, expect: { seconds: '3600' } }],
    invalid: [
      { input: { seconds: -60 }, path: ['seconds'] },
      { input: {}, path: ['seconds'] },
    ],
    answers: [{ offsetSeconds: 3600 }],
    badAnswers: [{ offsetSeconds: '3600' }],
  },
  'devnet.setNextBlockTimestamp': {
    valid: [{ input: { timestamp: '1900000000' } }],
    invalid: [{ input: { timestamp: 'soon' }, path: ['timestamp'] }],
    answers: [{ timestamp: 1_900_000_000 }],
  },
  'devnet.timeTravel': {
    valid: [{ input: { date: 1_900_000_000_000 } }, { input: { date: '2030-01-01T00:00:00Z' } }],
    invalid: [{ input: { date: true }, path: ['date'] }],
    answers: [{ timestamp: 1_893_456_000_000 }],
  },
  'devnet.setMiningMode': {
    valid: [
      { input: { automine: false } },
      { input: { intervalMs: 1000 }, expect: { intervalMs: '1000' } },
      { input: { automine: true, intervalMs: [500, 1500] }, expect: { intervalMs: ['500', '1500'] } },
    ],
    invalid: [
      { input: { automine: 'yes' }, path: ['automine'] },
      { input: { intervalMs: -5 }, path: ['intervalMs'] },
    ],
    answers: [
      { automine: true, intervalMs: 0 },
      { automine: false, intervalMs: [500, 1500] },
    ],
  },
  'devnet.setBalance': {
    valid: [
      { input: { address: ETH, balance: '1000000000000000000' } },
      { input: { address: ALICE, balance: 0 }, expect: { balance: '0' } },
    ],
    invalid: [
      { input: { address: '0x12', balance: 1 }, path: ['address'] },
      { input: { address: ETH, balance: '-1' }, path: ['balance'] },
    ],
    answers: [{ address: ETH, balance: '1000000000000000000' }],
  },
  'devnet.setNonce': {
    valid: [{ input: { address: ETH, nonce: 7 }, expect: { nonce: '7' } }],
    invalid: [{ input: { address: ETH }, path: ['nonce'] }],
    answers: [{ address: ETH, nonce: '7' }],
  },
  'devnet.setCode': {
    valid: [{ input: { address: ETH, code: '0x6000' } }],
    invalid: [
      { input: { address: ALICE, code: '0x6000' }, path: ['address'] },
      { input: { address: ETH, code: '0x600' }, path: ['code'] },
    ],
    answers: [{ address: ETH }],
  },
  'devnet.setStorageAt': {
    valid: [{ input: { address: ETH, slot: '0x3', value: WORD }, expect: { slot: '3' } }],
    invalid: [{ input: { address: ETH, slot: 'x', value: WORD }, path: ['slot'] }],
    answers: [{ address: ETH }],
  },
  'devnet.impersonateAccount': {
    valid: [{ input: { address: ETH } }],
    invalid: [{ input: { address: ALICE }, path: ['address'] }],
    answers: [{ address: ETH, started: true }],
  },
  'devnet.stopImpersonatingAccount': {
    valid: [{ input: { address: ETH } }],
    invalid: [{ input: {}, path: ['address'] }],
    answers: [{ address: ETH, stopped: false }],
  },
  'devnet.dropTransaction': {
    valid: [{ input: { hash: HASH } }],
    invalid: [{ input: { hash: '0x12' }, path: ['hash'] }],
    answers: [{ dropped: true }],
  },
  'devnet.setHead': {
    valid: [
      { input: { hashOrNumber: 5 } },
      { input: { hashOrNumber: -1 } },
      { input: { hashOrNumber: HASH } },
    ],
    invalid: [{ input: { hashOrNumber: 'latest' }, path: ['hashOrNumber'] }],
    answers: [HEAD],
  },
  'devnet.reset': {
    valid: [{ input: {} }],
    invalid: [{ input: null, path: [] }],
    answers: [HEAD],
  },
};
