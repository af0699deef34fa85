// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// A test contract, never deployed for real: storage written in call frames that commit and in
// frames that revert, and a word set and put back within one call (as the fee router's guard is),
// to show that the devnet keeps what the EVM keeps and writes only the words that end up changed.
contract SlotKeeper {
    uint256 public kept;
    uint256 public inner;
    uint256 public guard = 1;

    /// Sets `kept`, then `inner` in a frame of its own that reverts when `fail`; `guard` is set and put back.
    function write(uint256 value, bool fail) external {
        guard = 2;
        kept = value;
        try this.writeInner(value, fail) {} catch {}
        guard = 1;
    }

    function writeInner(uint256 value, bool fail) external {
        inner = value;
        require(!fail, "inner frame reverted");
    }

    /// Sets `kept` and then reverts the whole call.
    function writeAndRevert(uint256 value) external {
        kept = value;
        revert("outer frame reverted");
    }
}
