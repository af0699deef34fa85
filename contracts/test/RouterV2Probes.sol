// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// Test contracts, never deployed for real, for the findings version 2 of the fee router answers
// (test/contracts/fee-router-v2.test.ts): a DEX router that lies about what it delivered, a token
// that keeps a fee on every transfer, a treasury that trades when it is paid, and a sender of
// plain TRX.

interface ILaunchpadBuy {
    function purchaseToken(address token, uint256 amountMin) external payable;
}

/// Says it swapped (the amounts it returns are what a V2 router would return) and keeps the TRX.
contract HostileDex {
    address public immutable WETH;

    constructor(address wtrx) {
        WETH = wtrx;
    }

    function swapExactETHForTokens(uint256 amountOutMin, address[] calldata, address, uint256)
        external
        payable
        returns (uint256[] memory amounts)
    {
        amounts = new uint256[](2);
        amounts[0] = msg.value;
        amounts[1] = amountOutMin + 1;
    }

    function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] calldata, address, uint256)
        external
        pure
        returns (uint256[] memory amounts)
    {
        amounts = new uint256[](2);
        amounts[0] = amountIn;
        amounts[1] = amountOutMin + 1;
    }
}

/// A TRC20 that burns 1 % of every transfer.
contract FeeOnTransferToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    constructor() {
        balanceOf[msg.sender] = 1_000_000 ether;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        allowance[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        balanceOf[from] -= amount;
        balanceOf[to] += amount - amount / 100;
    }
}

/// A treasury that buys on the curve with whatever TRX it is sent, and counts the times it was called.
contract TradingTreasury {
    address public immutable launchpad;
    address public immutable token;
    uint256 public calls;

    constructor(address launchpad_, address token_) {
        launchpad = launchpad_;
        token = token_;
    }

    receive() external payable {
        calls += 1;
        ILaunchpadBuy(launchpad).purchaseToken{value: msg.value}(token, 0);
    }
}

/// Sends the TRX it is given to `to` as a plain transfer (empty call data), passing a refusal on.
contract TrxPusher {
    function push(address to) external payable {
        (bool ok, bytes memory answer) = to.call{value: msg.value}("");
        if (!ok) {
            assembly {
                revert(add(answer, 32), mload(answer))
            }
        }
    }
}
