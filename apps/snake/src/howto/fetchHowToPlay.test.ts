import { describe, expect, it } from 'vitest';
import { fetchHowToPlay, HowToPlayFetchError, RAW_CONTENT_ACCEPT } from './fetchHowToPlay';

describe('fetchHowToPlay', () => {
  it('asks for raw content and returns the body text', async () => {
    let accept: string | null = null;
    const text = await fetchHowToPlay('https://example.test/HOW_TO_PLAY.md', {
      fetchImpl: async (_url, init) => {
        accept = new Headers(init?.headers).get('accept');
        return new Response('# How to play');
      },
    });
    expect(text).toBe('# How to play');
    expect(accept).toBe(RAW_CONTENT_ACCEPT);
  });

  it('turns a non-OK answer into a typed error', async () => {
    const error = await fetchHowToPlay('u', {
      fetchImpl: async () => new Response('nope', { status: 404 }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HowToPlayFetchError);
    expect((error as HowToPlayFetchError).status).toBe(404);
    expect((error as HowToPlayFetchError).code).toBe('HOW_TO_PLAY_FETCH_FAILED');
  });

  it('turns a network error into a typed error', async () => {
    const error = await fetchHowToPlay('u', {
      fetchImpl: async () => {
        throw new TypeError('Failed to fetch');
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HowToPlayFetchError);
  });
});
