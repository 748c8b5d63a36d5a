import type { ResourcelinkRecord } from '../../resources/resourcelinks/resourcelinks-model';

/** A resourcelink as `GET /resourcelinks/<id>` shows it: deCONZ's members, in its (alphabetical) order. */
export function renderResourcelink(link: ResourcelinkRecord): Record<string, unknown> {
  return {
    classid: link.classid,
    description: link.description,
    links: link.links,
    name: link.name,
    owner: link.owner,
    recycle: link.recycle,
    type: link.type,
  };
}
