import { createEvmCore } from './core.js';

// The script evaluated inside the EVM's V8 context (library/context.ts): it hands the host one constructor.
(globalThis as { createEvmCore?: typeof createEvmCore }).createEvmCore = createEvmCore;
