// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// A test contract, never deployed for real: it calls the devnet's native launchpad and goes on
// whatever the launchpad answers, so what a refused call did (the TRX sent with it) must be undone
// while what an accepted call did stays, as the EVM undoes a frame that reverted.
contract NativeProbe {
    uint256 public answers;

    /// Two buys of `token` on `launchpad`, half the value each: the first asks for a minimum no
    /// curve gives (refused), the second for none. Records which were accepted (bit 0: the first,
    /// bit 1: the second).
    function buyTwice(address launchpad, address token) external payable {
        uint256 half = msg.value / 2;
        (bool first, ) = launchpad.call{value: half}(
            abi.encodeWithSignature("purchaseToken(address,uint256)", token, type(uint256).max)
        );
        (bool second, ) = launchpad.call{value: half}(
            abi.encodeWithSignature("purchaseToken(address,uint256)", token, 0)
        );
        answers = (first ? 1 : 0) | (second ? 2 : 0);
    }
}
