// The Mini App's entry: read Telegram's launch parameters from the URL, apply its theme, connect to the
// client around the page (back button, theme changes), and render.
import { render } from 'preact';
import { App } from './app';
import { readLaunch } from './launch';
import { connectTelegram } from './telegram';
import { applyTheme } from './theme';
import './styles.css';

const launch = readLaunch();
applyTheme(launch.theme);
const telegram = connectTelegram(applyTheme);
const root = document.getElementById('root');
if (root) render(<App launch={launch} telegram={telegram} />, root);
