import type { BodyCheck, HttpErrorData } from './requestBodies.js';

/** Messages between the HTTP server (main thread) and the body worker. */
export type BodyRequest = { id: number; bytes: Uint8Array; check?: BodyCheck };

/** The parsed body, or the 4xx the route would have answered. */
export type BodyAnswer = { id: number; body: unknown } | { id: number; error: HttpErrorData };
