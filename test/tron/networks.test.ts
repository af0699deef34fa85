// The networks the families are on: families with the same RPC URL (as configured) share one node;
// on the embedded devnet, families on different devnet ports are different networks.
import { describe, expect, it } from 'vitest';
import { networkOf, networksOf, nodeName, type FamilyNode } from '../../src/tron/networks.js';

const node = (
  family: FamilyNode['family'],
  rpc: string | undefined,
  apiKey?: string,
  rps = 15,
  name = `${family} node`,
): FamilyNode => ({ family, name, rpc, apiKey, rps });
const devnet = (family: FamilyNode['family'], devnetPort: number, name: string): FamilyNode => ({
  family,
  name,
  rpc: undefined,
  devnetPort,
  apiKey: undefined,
  rps: 0,
});

describe('networksOf', () => {
  it('makes one network, named by its first family, of two families on the same URL', () => {
    const networks = networksOf([
      node('launchpad', 'https://a.example', 'k1', 10, 'Tron mainnet'),
      node('launchpad2', 'https://a.example', 'k2', 3, 'other'),
    ]);
    expect(networks).toEqual([
      {
        id: 'launchpad',
        name: 'Tron mainnet',
        rpc: 'https://a.example',
        apiKey: 'k1',
        rps: 10,
        families: ['launchpad', 'launchpad2'],
      },
    ]);
    expect(networkOf(networks, 'launchpad2').id).toBe('launchpad');
  });

  it('makes one network of two families on the same embedded devnet (no URL, one port)', () => {
    expect(networksOf([devnet('launchpad', 8090, 'devnet'), devnet('launchpad2', 8090, 'devnet 2')])).toEqual([
      {
        id: 'launchpad',
        name: 'devnet',
        rpc: undefined,
        devnetPort: 8090,
        apiKey: undefined,
        rps: 0,
        families: ['launchpad', 'launchpad2'],
      },
    ]);
  });

  it('makes two networks of two families on devnets of their own (no URL, two ports)', () => {
    const networks = networksOf([devnet('launchpad', 8090, 'devnet'), devnet('launchpad2', 8091, 'devnet 2')]);
    expect(networks).toEqual([
      {
        id: 'launchpad',
        name: 'devnet',
        rpc: undefined,
        devnetPort: 8090,
        apiKey: undefined,
        rps: 0,
        families: ['launchpad'],
      },
      {
        id: 'launchpad2',
        name: 'devnet 2',
        rpc: undefined,
        devnetPort: 8091,
        apiKey: undefined,
        rps: 0,
        families: ['launchpad2'],
      },
    ]);
    expect(networkOf(networks, 'launchpad2').id).toBe('launchpad2');
  });

  it('makes two networks, launchpad and launchpad2, of two families on different URLs', () => {
    const networks = networksOf([
      node('launchpad', 'https://a.example', 'k1'),
      node('launchpad2', 'https://nile.example', 'k2', 5),
    ]);
    expect(networks).toEqual([
      {
        id: 'launchpad',
        name: 'launchpad node',
        rpc: 'https://a.example',
        apiKey: 'k1',
        rps: 15,
        families: ['launchpad'],
      },
      {
        id: 'launchpad2',
        name: 'launchpad2 node',
        rpc: 'https://nile.example',
        apiKey: 'k2',
        rps: 5,
        families: ['launchpad2'],
      },
    ]);
    expect(networkOf(networks, 'launchpad').id).toBe('launchpad');
    expect(networkOf(networks, 'launchpad2').id).toBe('launchpad2');
  });

  it('compares the URLs exactly as configured', () => {
    const networks = networksOf([node('launchpad', 'https://a.example'), node('launchpad2', 'https://a.example/')]);
    expect(networks.map((n) => n.id)).toEqual(['launchpad', 'launchpad2']);
  });

  it('never puts a node with a URL and a devnet together', () => {
    const networks = networksOf([node('launchpad', 'http://127.0.0.1:8090'), devnet('launchpad2', 8090, 'devnet 2')]);
    expect(networks.map((n) => n.families)).toEqual([['launchpad'], ['launchpad2']]);
    expect(networks[0]).not.toHaveProperty('devnetPort');
  });

  it('keeps a lone family as its own network and refuses a family on none', () => {
    const networks = networksOf([node('launchpad', 'https://a.example')]);
    expect(networks.map((n) => n.families)).toEqual([['launchpad']]);
    expect(() => networkOf(networks, 'launchpad2')).toThrow(/no network holds the family launchpad2/);
  });
});

describe('nodeName', () => {
  it("names TronGrid's networks and any other node by its host", () => {
    expect(nodeName('https://api.trongrid.io')).toBe('Tron mainnet');
    expect(nodeName('https://api.trongrid.io/')).toBe('Tron mainnet');
    expect(nodeName('https://nile.trongrid.io')).toBe('Nile testnet');
    expect(nodeName('https://api.shasta.trongrid.io')).toBe('Shasta testnet');
    expect(nodeName('http://10.0.0.5:8090/jsonrpc')).toBe('10.0.0.5:8090');
    expect(nodeName('https://tron.example.com')).toBe('tron.example.com');
    expect(nodeName('https://nile.trongrid.io.evil.example')).toBe('nile.trongrid.io.evil.example');
  });
});
