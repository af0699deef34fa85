// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// The bot operator's fee router, version 2: every trade the product builds goes through it, on the
// launchpad's bonding curve (buy, sell) or, after the launch, on SunSwap V2 (dexBuy, dexSell). It
// takes the operator's fee (feeBps of the TRX side, rounded down, never above maxFeeBps) in the same
// transaction and says what the trade did in RouterBuy / RouterSell (the indexer books the fee from
// them; the events are version 1's, so one indexer reads both).
//
// What version 1 (contracts/FeeRouter.sol) did and this one does not:
// - Its owner could point it at another DEX router and take every dexBuy. Here the launchpad and the
//   DEX router are fixed at deployment (a new venue is a new deployment), and every trade measures
//   what reached the user and requires at least the user's minimum.
// - It took its fee on all the TRX sent to a buy, refunded TRX included. Here a buy that fills the
//   curve pays the fee on what the curve used: the refund takes its share of the fee back with it.
// - It called the treasury with the fee during every trade (a contract treasury could trade ahead
//   of the user in the same transaction, or stop every trade). Here fees stay in the router until
//   anyone calls withdrawFees, which pays them to the treasury and to no one else; a trade calls
//   nothing but the launchpad or the DEX, the token, and the user for a refund or sale proceeds.
// - The DEX path takes only tokens the launchpad launched (no fee-on-transfer tokens, no tokens
//   that call back); curve trades have a deadline too; ownership moves in two steps; settings
//   events carry the old and the new value; receive() takes TRX only from the launchpad and the DEX
//   router; the guard against reentry is transient storage (TLOAD/TSTORE, chain parameter #83).
//
// Written for Tron's TVM, compiled with standard solc (evmVersion cancun: TLOAD, TSTORE and MCOPY
// run on the TVM once network parameter #83 is on, as it is on mainnet, Nile and Shasta since
// GreatVoyage-v4.8.0). Where Tron differs from Ethereum:
// - msg.value and balances are in sun (1 TRX = 1,000,000 sun); there is no 18-decimal ether here.
// - Addresses are 20 bytes inside the VM; the 0x41 prefix (base58 T...) exists only outside it.
// - block.timestamp is in seconds (the TVM divides the header's milliseconds), so deadlines are
//   seconds, as SunSwap V2's router expects.
// - Energy, not gas: a call's cost is bounded by the caller's fee_limit; nothing here loops over
//   unbounded data. The deployer stays the contract's origin after any change of owner: it can set
//   the share of energy callers pay (UpdateSetting), the origin's energy cap (UpdateEnergyLimit)
//   and clear the ABI shown by nodes (ClearABI), none of which moves or holds funds.
// - TRC20 tokens answer transfer/transferFrom/approve with a bool or with nothing: both are
//   accepted; false or a revert is a failure.

interface ILaunchpad {
    function purchaseToken(address token, uint256 amountMin) external payable;

    function saleToken(address token, uint256 tokenAmount, uint256 amountMin) external;

    function getTokenState(address token) external view returns (uint256);
}

interface IV2Router {
    function WETH() external view returns (address);

    function swapExactETHForTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        payable
        returns (uint256[] memory amounts);

    function swapExactTokensForETH(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts);
}

interface ITRC20 {
    function balanceOf(address owner) external view returns (uint256);

    function allowance(address owner, address spender) external view returns (uint256);
}

contract FeeRouterV2 {
    /// The highest fee an owner may ever allow: 10 % (1,000 basis points).
    uint256 public constant FEE_CAP_BPS = 1000;
    uint256 private constant BPS = 10_000;
    /// The launchpad's getTokenState for a token trading on its SunSwap V2 pair.
    uint256 private constant LAUNCHED = 3;

    /// The launchpad whose curve this router trades, and whose launched tokens it trades on the DEX.
    address public immutable launchpad;
    /// SunSwap V2's router for launched tokens (zero: no DEX trades).
    address public immutable v2Router;
    /// The DEX's wrapped TRX, read from v2Router once.
    address public immutable wtrx;

    address public owner;
    /// The owner named by transferOwnership, until it calls acceptOwnership.
    address public pendingOwner;
    address public treasury;
    /// The highest feeBps a trade may name (at most FEE_CAP_BPS).
    uint256 public maxFeeBps;

    /// True during a trade or a withdrawal; cleared when the transaction ends.
    bool private transient entered;

    event RouterBuy(address indexed user, address indexed token, uint256 trxIn, uint256 fee, uint256 tokenOut);
    event RouterSell(address indexed user, address indexed token, uint256 tokenIn, uint256 fee, uint256 trxOut);
    event OwnershipTransferStarted(address indexed previousOwner, address indexed newOwner);
    event OwnerChanged(address indexed previousOwner, address indexed newOwner);
    event TreasuryChanged(address previousTreasury, address treasury);
    event MaxFeeBpsChanged(uint256 previousMaxFeeBps, uint256 maxFeeBps);
    event FeesWithdrawn(address indexed treasury, uint256 amount);

    constructor(address treasury_, uint256 maxFeeBps_, address launchpad_, address v2Router_) {
        require(treasury_ != address(0), "Router: treasury is the zero address");
        require(launchpad_ != address(0), "Router: launchpad is the zero address");
        require(maxFeeBps_ <= FEE_CAP_BPS, "Router: fee cap above 10%");
        owner = msg.sender;
        treasury = treasury_;
        maxFeeBps = maxFeeBps_;
        launchpad = launchpad_;
        v2Router = v2Router_;
        wtrx = v2Router_ == address(0) ? address(0) : IV2Router(v2Router_).WETH();
        emit OwnerChanged(address(0), msg.sender);
        emit TreasuryChanged(address(0), treasury_);
        emit MaxFeeBpsChanged(0, maxFeeBps_);
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "Router: caller is not the owner");
        _;
    }

    /// One trade at a time: a token or a contract called during a trade cannot enter another.
    modifier nonReentrant() {
        require(!entered, "Router: reentrant call");
        entered = true;
        _;
        entered = false;
    }

    /// A trade's TRX: a refund or sale proceeds from the launchpad, a DEX sale's from the V2 router.
    receive() external payable {
        require(msg.sender == launchpad || msg.sender == v2Router, "Router: TRX only from the launchpad or the DEX");
    }

    // ------------------------------------------------------------------ trades

    /// Buys on the curve with the TRX sent, less the fee. A buy that fills the curve gets back what the
    /// curve did not use, with that part's share of the fee.
    function buy(address token, uint256 amountMin, uint256 feeBps, uint256 deadline)
        external
        payable
        nonReentrant
        returns (uint256 tokenOut)
    {
        _checkTrade(feeBps, deadline);
        require(msg.value > 0, "Router: send TRX to buy");
        uint256 fee = (msg.value * feeBps) / BPS;
        uint256 spend = msg.value - fee;
        uint256 trxBefore = address(this).balance - spend;
        uint256 tokensBefore = ITRC20(token).balanceOf(address(this));
        ILaunchpad(launchpad).purchaseToken{value: spend}(token, amountMin);
        tokenOut = ITRC20(token).balanceOf(address(this)) - tokensBefore;
        uint256 refund = address(this).balance - trxBefore;
        if (refund != 0) {
            // the fee on what the curve used: spend - refund of spend, rounded down
            uint256 kept = (fee * (spend - refund)) / spend;
            refund += fee - kept;
            fee = kept;
        }
        _tokenCall(token, abi.encodeWithSignature("transfer(address,uint256)", msg.sender, tokenOut));
        _sendTrx(msg.sender, refund);
        emit RouterBuy(msg.sender, token, msg.value - refund, fee, tokenOut);
    }

    /// Sells on the curve (the router must be approved for tokenAmount); the fee comes off the TRX out.
    function sell(address token, uint256 tokenAmount, uint256 amountMin, uint256 feeBps, uint256 deadline)
        external
        nonReentrant
        returns (uint256 trxOut)
    {
        _checkTrade(feeBps, deadline);
        require(tokenAmount > 0, "Router: nothing to sell");
        _pullTokens(token, tokenAmount, launchpad);
        uint256 before = address(this).balance;
        ILaunchpad(launchpad).saleToken(token, tokenAmount, 0);
        trxOut = _settleSell(token, tokenAmount, address(this).balance - before, feeBps, amountMin);
    }

    /// Buys a launched token on SunSwap V2; the pair sends the tokens straight to the user, and what
    /// arrived (not what the DEX says) must be at least amountMin.
    function dexBuy(address token, uint256 amountMin, uint256 feeBps, uint256 deadline)
        external
        payable
        nonReentrant
        returns (uint256 tokenOut)
    {
        _checkTrade(feeBps, deadline);
        _checkLaunched(token);
        require(msg.value > 0, "Router: send TRX to buy");
        uint256 fee = (msg.value * feeBps) / BPS;
        uint256 before = ITRC20(token).balanceOf(msg.sender);
        IV2Router(v2Router).swapExactETHForTokens{value: msg.value - fee}(
            amountMin, _path(wtrx, token), msg.sender, deadline
        );
        tokenOut = ITRC20(token).balanceOf(msg.sender) - before;
        if (tokenOut < amountMin) {
            revert(
                string.concat(
                    "Router: slippage, tokens out ", _decimal(tokenOut), " below amountMin ", _decimal(amountMin)
                )
            );
        }
        emit RouterBuy(msg.sender, token, msg.value, fee, tokenOut);
    }

    /// Sells a launched token on SunSwap V2 (the router must be approved); the fee comes off the TRX out.
    function dexSell(address token, uint256 tokenAmount, uint256 amountMin, uint256 feeBps, uint256 deadline)
        external
        nonReentrant
        returns (uint256 trxOut)
    {
        _checkTrade(feeBps, deadline);
        _checkLaunched(token);
        require(tokenAmount > 0, "Router: nothing to sell");
        _pullTokens(token, tokenAmount, v2Router);
        uint256 before = address(this).balance;
        IV2Router(v2Router).swapExactTokensForETH(tokenAmount, 0, _path(token, wtrx), address(this), deadline);
        trxOut = _settleSell(token, tokenAmount, address(this).balance - before, feeBps, amountMin);
    }

    // ------------------------------------------------------------------ fees

    /// The fees held here (the router holds nothing else between calls).
    function accruedFees() external view returns (uint256) {
        return address(this).balance;
    }

    /// Pays every accrued fee to the treasury. Anyone may call it; the TRX goes only to the treasury.
    function withdrawFees() external nonReentrant returns (uint256 amount) {
        amount = address(this).balance;
        require(amount > 0, "Router: no fees to withdraw");
        address to = treasury;
        _sendTrx(to, amount);
        emit FeesWithdrawn(to, amount);
    }

    // ------------------------------------------------------------------ owner

    function setTreasury(address treasury_) external onlyOwner {
        require(treasury_ != address(0), "Router: treasury is the zero address");
        emit TreasuryChanged(treasury, treasury_);
        treasury = treasury_;
    }

    function setMaxFeeBps(uint256 maxFeeBps_) external onlyOwner {
        require(maxFeeBps_ <= FEE_CAP_BPS, "Router: fee cap above 10%");
        emit MaxFeeBpsChanged(maxFeeBps, maxFeeBps_);
        maxFeeBps = maxFeeBps_;
    }

    /// Names the next owner; it becomes the owner when it calls acceptOwnership.
    function transferOwnership(address newOwner) external onlyOwner {
        require(newOwner != address(0), "Router: owner is the zero address");
        pendingOwner = newOwner;
        emit OwnershipTransferStarted(owner, newOwner);
    }

    function acceptOwnership() external {
        require(msg.sender == pendingOwner, "Router: caller is not the pending owner");
        emit OwnerChanged(owner, msg.sender);
        owner = msg.sender;
        pendingOwner = address(0);
    }

    // ------------------------------------------------------------------ inside

    function _checkTrade(uint256 feeBps, uint256 deadline) private view {
        if (feeBps > maxFeeBps) revert(string.concat("Router: feeBps above maximum ", _decimal(maxFeeBps)));
        require(block.timestamp <= deadline, "Router: deadline passed");
    }

    /// The DEX path trades only what the launchpad launched: its own plain TRC20 tokens.
    function _checkLaunched(address token) private view {
        require(v2Router != address(0), "Router: no DEX router configured");
        require(ILaunchpad(launchpad).getTokenState(token) == LAUNCHED, "Router: not a launched token of the launchpad");
    }

    function _path(address from, address to) private pure returns (address[] memory path) {
        path = new address[](2);
        path[0] = from;
        path[1] = to;
    }

    /// Takes the user's tokens (approved to this router) and lets `spender` take them on.
    function _pullTokens(address token, uint256 amount, address spender) private {
        _tokenCall(
            token, abi.encodeWithSignature("transferFrom(address,address,uint256)", msg.sender, address(this), amount)
        );
        if (ITRC20(token).allowance(address(this), spender) < amount) {
            _tokenCall(token, abi.encodeWithSignature("approve(address,uint256)", spender, type(uint256).max));
        }
    }

    /// A sale's TRX, held here: the fee stays, the rest goes to the seller, at least amountMin.
    function _settleSell(address token, uint256 tokenAmount, uint256 received, uint256 feeBps, uint256 amountMin)
        private
        returns (uint256 trxOut)
    {
        uint256 fee = (received * feeBps) / BPS;
        trxOut = received - fee;
        if (trxOut < amountMin) {
            revert(
                string.concat(
                    "Router: slippage, TRX out ", _decimal(trxOut), " below amountMin ", _decimal(amountMin)
                )
            );
        }
        _sendTrx(msg.sender, trxOut);
        emit RouterSell(msg.sender, token, tokenAmount, fee, trxOut);
    }

    /// A TRC20 call that must succeed: a revert (passed on with the token's own reason), or an
    /// answer other than true or nothing, fails.
    function _tokenCall(address token, bytes memory data) private {
        require(token.code.length > 0, "Router: token is not a contract");
        (bool ok, bytes memory answer) = token.call(data);
        if (!ok) {
            if (answer.length > 0) {
                assembly {
                    revert(add(answer, 32), mload(answer))
                }
            }
            revert("Router: token call failed");
        }
        require(answer.length == 0 || abi.decode(answer, (bool)), "Router: token call failed");
    }

    function _sendTrx(address to, uint256 sun) private {
        if (sun == 0) return;
        (bool ok,) = payable(to).call{value: sun}("");
        require(ok, "Router: TRX transfer failed");
    }

    function _decimal(uint256 v) private pure returns (string memory) {
        if (v == 0) return "0";
        uint256 digits;
        for (uint256 x = v; x != 0; x /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (; v != 0; v /= 10) out[--digits] = bytes1(uint8(48 + (v % 10)));
        return string(out);
    }
}
