/** SYS commands on NV memory: OSAL items (length/read/write/init/delete) and the extended tables. */
import type { Fields } from '../znp/index';
import type { FirmwareContext } from './firmware-state';
import type { NvStore } from './nv-store';

export const NvStatus = { Success: 0x00, InvalidParameter: 0x02, ItemUninit: 0x09, Failure: 0x0a, BadLength: 0x0c } as const;
/** herdsman reads long items in chunks; a real ZNP answers at most this much per read. */
const MAX_CHUNK = 240;
/** SYS.OSALNVRead (8-bit offset) returns an item only if the rest of it fits one frame. */
const MAX_SHORT_READ = 248;

type Handler = (ctx: { nv: NvStore }, req: Fields) => Fields;
const n = (value: unknown) => value as number;
const bytes = (value: unknown) => value as Uint8Array;

export const nvHandlers = {
  osalNvRead: ({ nv }, req) => {
    const item = nv.get(n(req.id));
    const offset = n(req.offset);
    if (!item || offset > item.length || item.length - offset > MAX_SHORT_READ) return { status: NvStatus.InvalidParameter, len: 0, value: new Uint8Array(0) };
    const value = item.subarray(offset);
    return { status: NvStatus.Success, len: value.length, value };
  },
  osalNvLength: ({ nv }, req) => ({ length: nv.get(n(req.id))?.length ?? 0 }),
  osalNvReadExt: ({ nv }, req) => {
    const item = nv.get(n(req.id));
    const offset = n(req.offset);
    if (!item || offset >= item.length) return { status: NvStatus.Failure, len: 0, value: new Uint8Array(0) };
    const value = item.subarray(offset, offset + MAX_CHUNK);
    return { status: NvStatus.Success, len: value.length, value };
  },
  osalNvWriteExt: ({ nv }, req) => ({ status: nv.write(n(req.id), n(req.offset), bytes(req.value)) ? NvStatus.Success : NvStatus.Failure }),
  // Creating an item answers "item uninitialised" (0x09), which herdsman takes as success.
  osalNvItemInit: ({ nv }, req) => ({ status: nv.init(n(req.id), n(req.len), bytes(req.initvalue)) ? NvStatus.ItemUninit : NvStatus.Success }),
  osalNvDelete: ({ nv }, req) => ({ status: nv.delete(n(req.id)) ? NvStatus.Success : NvStatus.ItemUninit }),
  nvLength: ({ nv }, req) => ({ len: nv.entry(n(req.sysid), n(req.itemid), n(req.subid))?.length ?? 0 }),
  nvRead: ({ nv }, req) => {
    const entry = nv.entry(n(req.sysid), n(req.itemid), n(req.subid));
    if (!entry) return { status: NvStatus.Failure, len: 0, value: new Uint8Array(0) };
    const value = entry.subarray(n(req.offset), n(req.offset) + n(req.len));
    return { status: NvStatus.Success, len: value.length, value };
  },
  nvCreate: ({ nv }, req) => {
    nv.createEntry(n(req.sysid), n(req.itemid), n(req.subid), n(req.len));
    return { status: NvStatus.Success };
  },
  nvWrite: ({ nv }, req) => ({
    status: nv.writeEntry(n(req.sysid), n(req.itemid), n(req.subid), n(req.offset), bytes(req.value)) ? NvStatus.Success : NvStatus.Failure,
  }),
  nvDelete: ({ nv }, req) => ({ status: nv.deleteEntry(n(req.sysid), n(req.itemid), n(req.subid)) ? NvStatus.Success : NvStatus.ItemUninit }),
} satisfies Record<string, Handler>;

export type NvHandlerContext = Pick<FirmwareContext, 'nv'>;
