// The caller's input as the trade service reads it: TRX and token amounts ("NN%" of a holding),
// slippage, the fee limit and a private key. Each throws the spec's error for a bad value.
import { TronWeb } from 'tronweb';
import { BPS, feeLimitWith, parseUnits, tokenNumber, trxToSun } from '../../tron/units.js';
import { Errors, type ServiceError } from '../errors.js';

export const DEFAULT_SLIPPAGE = 5;
const PCT = /^\s*(\d+(?:\.\d{1,2})?)\s*%\s*$/;

/** TRX as sun, or `invalid()` when it is not a non-negative amount with at most 6 decimals. */
export function sunOf(trx: number | string, invalid: () => ServiceError): bigint {
  try {
    return trxToSun(trx);
  } catch {
    throw invalid();
  }
}

/**
 * A TRX amount above zero as sun (a buy's payment, a TRX transfer); `error` is the operation's
 * error with the reason (a trade and a transfer answer with different kinds).
 */
export function positiveSun(amount: number | string, error: (why: string) => ServiceError): bigint {
  const sun = sunOf(amount, () => error('amount must be a positive TRX amount with at most 6 decimals'));
  if (sun <= 0n) throw error('amount must be more than 0 TRX');
  return sun;
}

/** Slippage in percent (default 5) as basis points. */
export function slippageBpsOf(slippage: number | undefined): bigint {
  const s = slippage ?? DEFAULT_SLIPPAGE;
  if (typeof s !== 'number' || !Number.isFinite(s) || s < 0 || s > 100)
    throw Errors.invalidParams('slippage must be a percent between 0 and 100');
  return BigInt(Math.round(s * 100));
}

/** The configured fee limit, raised by the caller's priority fee (TRX). */
export function feeLimitOf(feeLimitSun: bigint, priorityFee: number | undefined): bigint {
  try {
    return feeLimitWith(feeLimitSun, priorityFee);
  } catch {
    throw Errors.invalidParams('priorityFee must be a non-negative TRX amount');
  }
}

/** Tokens to sell or send: an amount in whole tokens, or "NN%" of the holding; never more than held. */
export function tokenAmountOf(amount: number | string, holding: bigint, decimals: number): bigint {
  const pct = typeof amount === 'string' ? PCT.exec(amount) : null;
  let units: bigint;
  if (pct) {
    const bps = BigInt(Math.round(Number(pct[1]) * 100));
    if (bps <= 0n || bps > BPS) throw Errors.badTradeAmount('a percent amount must be above 0% and at most 100%');
    units = (holding * bps) / BPS;
  } else {
    try {
      units = parseUnits(amount, decimals);
    } catch {
      throw Errors.badTradeAmount('amount must be a positive token amount or a percent string like "50%"');
    }
  }
  if (units <= 0n)
    throw holding === 0n
      ? Errors.insufficientFunds('no tokens to sell')
      : Errors.badTradeAmount('amount must be more than 0');
  if (units > holding) throw Errors.insufficientFunds(`holding is ${tokenNumber(holding, decimals)} tokens`);
  return units;
}

/** A private key (64 hex, "0x" allowed) and the address it signs for. */
export function signerOf(privateKey: string): { key: string; address: string } {
  const key = privateKey.replace(/^0x/, '');
  const address = /^[0-9a-fA-F]{64}$/.test(key) ? TronWeb.address.fromPrivateKey(key) : false;
  if (!address) throw Errors.invalidParams('privateKey must be 64 hex characters');
  return { key, address };
}
