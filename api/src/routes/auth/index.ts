import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createKey } from './create-key';

/** Mounted at `/api`: key acquisition, the one write that needs no key. */
export const authRoutes = new Hono<AppEnv>().post('/', createKey);
