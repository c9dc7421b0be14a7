import { afterAll } from 'vitest';
import { letGoOfCartStore } from '../fixtures/stores.ts';

// Every test file lets go of the cart store when it ends (tests/fixtures/stores.ts says why).
afterAll(letGoOfCartStore);
