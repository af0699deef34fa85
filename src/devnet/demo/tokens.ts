// The demo's tokens and wallets: tokens on both launchpads, one near its launch threshold and one
// launched, traded by six wallets whose keys are derived (the same on every machine).
import { devnetKey, type DevnetKey } from '../keys.js';

export interface DemoToken {
  family: 'launchpad' | 'launchpad2';
  creator: string;
  metadata: {
    name: string;
    symbol: string;
    description: string;
    image: string;
    twitter: string | null;
    telegram: string | null;
    website: string | null;
  };
  /** Curve progress to reach, in percent (100 = filled, then launched). */
  progress: number;
  trades: number;
  hoursAgo: number;
}

const img = (symbol: string) => `https://placehold.co/256x256/png?text=${symbol}`;

export const DEMO_TOKENS: DemoToken[] = [
  {
    family: 'launchpad',
    creator: 'demo-1',
    progress: 18,
    trades: 30,
    hoursAgo: 23,
    metadata: {
      name: 'Tron Cat',
      symbol: 'TCAT',
      description: 'The cat that naps on the Tron chain.',
      image: img('TCAT'),
      twitter: 'https://x.com/troncat_demo',
      telegram: 'https://t.me/troncat_demo',
      website: 'https://troncat.example',
    },
  },
  {
    family: 'launchpad',
    creator: 'demo-2',
    progress: 3,
    trades: 8,
    hoursAgo: 20,
    metadata: {
      name: 'Sun Dog',
      symbol: 'SDOG',
      description: 'A good dog in the sun.',
      image: img('SDOG'),
      twitter: null,
      telegram: 'https://t.me/sundog_demo',
      website: null,
    },
  },
  {
    family: 'launchpad',
    creator: 'demo-3',
    progress: 93,
    trades: 40,
    hoursAgo: 22,
    metadata: {
      name: 'Moon Rocket',
      symbol: 'MOON',
      description: 'Almost at the launch threshold.',
      image: img('MOON'),
      twitter: 'https://x.com/moonrocket_demo',
      telegram: null,
      website: 'https://moonrocket.example',
    },
  },
  {
    family: 'launchpad',
    creator: 'demo-4',
    progress: 100,
    trades: 35,
    hoursAgo: 21,
    metadata: {
      name: 'Pump King',
      symbol: 'PKING',
      description: 'Filled its curve and launched to the DEX.',
      image: img('PKING'),
      twitter: 'https://x.com/pumpking_demo',
      telegram: 'https://t.me/pumpking_demo',
      website: null,
    },
  },
  {
    family: 'launchpad',
    creator: 'demo-5',
    progress: 0,
    trades: 0,
    hoursAgo: 1,
    metadata: {
      name: 'Fresh Frog',
      symbol: 'FROG',
      description: 'Just created.',
      image: img('FROG'),
      twitter: null,
      telegram: null,
      website: null,
    },
  },
  {
    family: 'launchpad2',
    creator: 'demo-6',
    progress: 12,
    trades: 20,
    hoursAgo: 18,
    metadata: {
      name: 'Second Wave',
      symbol: 'WAVE',
      description: 'Riding the second launchpad.',
      image: img('WAVE'),
      twitter: 'https://x.com/secondwave_demo',
      telegram: null,
      website: null,
    },
  },
  {
    family: 'launchpad2',
    creator: 'demo-2',
    progress: 5,
    trades: 10,
    hoursAgo: 10,
    metadata: {
      name: 'Echo',
      symbol: 'ECHO',
      description: 'Echo, echo, echo.',
      image: img('ECHO'),
      twitter: null,
      telegram: null,
      website: 'https://echo.example',
    },
  },
];

export const DEMO_WALLETS: DevnetKey[] = ['demo-1', 'demo-2', 'demo-3', 'demo-4', 'demo-5', 'demo-6'].map(devnetKey);
