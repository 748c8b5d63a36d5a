import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { getMatter } from './get';
import { removeFabric } from './remove-fabric';
import { setMatter } from './set';

/** Mounted at `/api/<key>/matter` (a herdgate extension: the Matter bridge's commissioning, docs/matter.md). */
export const matterRoutes = new Hono<AppEnv>().get('/', getMatter).put('/', setMatter).delete('/fabrics/:index', removeFabric);
