import type { FunctionComponent } from 'preact';
import { Rooms } from './rooms';

export interface Page {
  route: string;
  title: string;
  component: FunctionComponent;
}

/** The pages in navigation order; the first is the default. */
export const PAGES: Page[] = [
  { route: 'rooms', title: 'Rooms & lights', component: Rooms },
];

export const pageFor = (route: string): Page => PAGES.find((p) => p.route === route.split('/')[0]) ?? PAGES[0];
