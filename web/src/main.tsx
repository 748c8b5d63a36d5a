import { render } from 'preact';
import { App } from './app';
import './styles.css';

// Theme chosen before the first paint, so a dark-mode user sees no light flash.
const theme = localStorage.getItem('herdgate.theme');
if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
const root = document.getElementById('app')!;
root.textContent = '';
render(<App />, root);
