// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// A test token, never deployed for real: a TRC20 whose transferFrom calls back into the fee router
// (version 2's sell) that is moving it, to show that the router's guard refuses a call made in the middle of a trade
// (test/contracts/fee-router.test.ts).

interface IFeeRouter {
    function sell(address token, uint256 tokenAmount, uint256 amountMin, uint256 feeBps, uint256 deadline)
        external
        returns (uint256);
}

contract HostileToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    address public immutable router;

    constructor(address router_) {
        router = router_;
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
        // the router is pulling the seller's tokens: enter it again before it is done
        if (msg.sender == router) IFeeRouter(router).sell(address(this), 1, 0, 0, block.timestamp);
        allowance[from][msg.sender] -= amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
    }
}
