import type { FunctionComponent } from 'preact';
import { AddDevice } from './add-device';
import { Alarm } from './alarm';
import { Devices } from './devices';
import { Logs } from './logs';
import { NetworkMapPage } from './network-map';
import { Rooms } from './rooms';
import { Rules } from './rules';
import { Schedules } from './schedules';
import { Sensors } from './sensors';
import { Settings } from './settings';
import { Touchlink } from './touchlink';

export interface Page {
  route: string;
  title: string;
  component: FunctionComponent;
  /** Reached through a link on another page, not from the tab bar. */
  hidden?: boolean;
}

/** The pages in navigation order; the first is the default. */
export const PAGES: Page[] = [
  { route: 'rooms', title: 'Rooms & lights', component: Rooms },
  { route: 'sensors', title: 'Sensors', component: Sensors },
  { route: 'devices', title: 'Devices', component: Devices },
  { route: 'add', title: 'Add a device', component: AddDevice },
  { route: 'rules', title: 'Rules', component: Rules },
  { route: 'schedules', title: 'Schedules', component: Schedules },
  { route: 'alarm', title: 'Alarm', component: Alarm },
  { route: 'map', title: 'Network map', component: NetworkMapPage },
  { route: 'settings', title: 'Settings', component: Settings },
  { route: 'touchlink', title: 'Touchlink', component: Touchlink, hidden: true },
  { route: 'logs', title: 'Gateway log', component: Logs, hidden: true },
];

export const pageFor = (route: string): Page => PAGES.find((p) => p.route === route.split('/')[0]) ?? PAGES[0]!;
