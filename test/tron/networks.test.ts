// The networks the families are on: families with the same RPC URL (as configured) share one node.
import { describe, expect, it } from 'vitest';
import { networkOf, networksOf, type FamilyNode } from '../../src/tron/networks.js';

const node = (family: FamilyNode['family'], rpc: string | undefined, apiKey?: string, rps = 15): FamilyNode => ({
  family,
  rpc,
  apiKey,
  rps,
});

describe('networksOf', () => {
  it('makes one network, named by its first family, of two families on the same URL', () => {
    const networks = networksOf([
      node('launchpad', 'https://a.example', 'k1', 10),
      node('launchpad2', 'https://a.example', 'k2', 3),
    ]);
    expect(networks).toEqual([
      { id: 'launchpad', rpc: 'https://a.example', apiKey: 'k1', rps: 10, families: ['launchpad', 'launchpad2'] },
    ]);
    expect(networkOf(networks, 'launchpad2').id).toBe('launchpad');
  });

  it('makes one network of two families on the embedded devnet (no URL)', () => {
    expect(networksOf([node('launchpad', undefined), node('launchpad2', undefined)])).toEqual([
      { id: 'launchpad', rpc: undefined, apiKey: undefined, rps: 15, families: ['launchpad', 'launchpad2'] },
    ]);
  });

  it('makes two networks, launchpad and launchpad2, of two families on different URLs', () => {
    const networks = networksOf([
      node('launchpad', 'https://a.example', 'k1'),
      node('launchpad2', 'https://nile.example', 'k2', 5),
    ]);
    expect(networks).toEqual([
      { id: 'launchpad', rpc: 'https://a.example', apiKey: 'k1', rps: 15, families: ['launchpad'] },
      { id: 'launchpad2', rpc: 'https://nile.example', apiKey: 'k2', rps: 5, families: ['launchpad2'] },
    ]);
    expect(networkOf(networks, 'launchpad').id).toBe('launchpad');
    expect(networkOf(networks, 'launchpad2').id).toBe('launchpad2');
  });

  it('compares the URLs exactly as configured', () => {
    const networks = networksOf([node('launchpad', 'https://a.example'), node('launchpad2', 'https://a.example/')]);
    expect(networks.map((n) => n.id)).toEqual(['launchpad', 'launchpad2']);
  });

  it('keeps a lone family as its own network and refuses a family on none', () => {
    const networks = networksOf([node('launchpad', 'https://a.example')]);
    expect(networks.map((n) => n.families)).toEqual([['launchpad']]);
    expect(() => networkOf(networks, 'launchpad2')).toThrow(/no network holds the family launchpad2/);
  });
});
