// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// The bot operator's fee router: every trade the product builds goes through it, on a launchpad's
// bonding curve (buy, sell) or, after the launch, on SunSwap V2 (dexBuy, dexSell). It takes the
// operator's fee (feeBps of the TRX side, rounded down, never above maxFeeBps) in the same
// transaction, sends it to the treasury, and says what the trade did in RouterBuy / RouterSell (the
// indexer books the fee from them). It holds nothing between calls: what it receives in a call it
// passes on in the same call, to the user or the treasury.
//
// Written for Tron's TVM, compiled with standard solc (evmVersion shanghai: PUSH0 runs on the TVM
// since GreatVoyage-v4.7.2). Where Tron differs from Ethereum:
// - msg.value and balances are in sun (1 TRX = 1,000,000 sun); there is no 18-decimal ether here.
// - Addresses are 20 bytes inside the VM, as on Ethereum; the 0x41 prefix (base58 T...) exists only
//   outside it, in transactions and APIs.
// - block.timestamp is in seconds (Tron's block headers carry milliseconds; the TVM divides), so a
//   deadline is seconds, as SunSwap V2's router expects.
// - Energy, not gas: a call's cost is bounded by the caller's fee_limit, and a transaction's
//   execution by 80 ms of CPU; nothing here loops over unbounded data.
// - TRC20 tokens answer transfer/transferFrom/approve with a bool, or (some older tokens) with
//   nothing: both are accepted; false or a revert is a failure.

interface ILaunchpad {
    function purchaseToken(address token, uint256 amountMin) external payable;

    function saleToken(address token, uint256 tokenAmount, uint256 amountMin) external;
}

interface IV2Router {
    function WETH() external view returns (address);

    function swapExactETHForTokens(
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external payable returns (uint256[] memory amounts);

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

contract FeeRouter {
    /// The highest fee an owner may ever allow: 10 % (1,000 basis points).
    uint256 public constant FEE_CAP_BPS = 1000;
    uint256 private constant BPS = 10_000;

    address public owner;
    address public treasury;
    address public launchpad;
    /// SunSwap V2's router for launched tokens (zero: no DEX trades).
    address public v2Router;
    /// The highest feeBps a trade may name (at most FEE_CAP_BPS).
    uint256 public maxFeeBps;

    /// 1 between calls, 2 during one. Never zero after the constructor: a write from zero costs
    /// 20,000 energy, one between two non-zero values 5,000, and the guard runs on every trade.
    uint256 private entered = NOT_ENTERED;
    uint256 private constant NOT_ENTERED = 1;
    uint256 private constant ENTERED = 2;

    event RouterBuy(address indexed user, address indexed token, uint256 trxIn, uint256 fee, uint256 tokenOut);
    event RouterSell(address indexed user, address indexed token, uint256 tokenIn, uint256 fee, uint256 trxOut);
    event OwnerChanged(address indexed previousOwner, address indexed newOwner);
    event TreasuryChanged(address treasury);
    event MaxFeeBpsChanged(uint256 maxFeeBps);
    event V2RouterChanged(address v2Router);

    constructor(address treasury_, uint256 maxFeeBps_, address launchpad_, address v2Router_) {
        require(treasury_ != address(0), "Router: treasury is the zero address");
        require(launchpad_ != address(0), "Router: launchpad is the zero address");
        require(maxFeeBps_ <= FEE_CAP_BPS, "Router: fee cap above 10%");
        owner = msg.sender;
        treasury = treasury_;
        maxFeeBps = maxFeeBps_;
        launchpad = launchpad_;
        v2Router = v2Router_;
        emit OwnerChanged(address(0), msg.sender);
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "Router: caller is not the owner");
        _;
    }

    /// One trade at a time: a token or a contract called during a trade cannot enter another.
    modifier nonReentrant() {
        require(entered == NOT_ENTERED, "Router: reentrant call");
        entered = ENTERED;
        _;
        entered = NOT_ENTERED;
    }

    /// TRX from the launchpad (a sale, a refund) and the V2 router (a DEX sale) arrives here.
    receive() external payable {}

    // ------------------------------------------------------------------ trades

    /// Buys on the curve with the TRX sent; the fee goes first, a refund (the curve filled) comes back.
    function buy(address token, uint256 amountMin, uint256 feeBps)
        external
        payable
        nonReentrant
        returns (uint256 tokenOut)
    {
        _checkFee(feeBps);
        require(msg.value > 0, "Router: send TRX to buy");
        uint256 fee = (msg.value * feeBps) / BPS;
        uint256 spend = msg.value - fee;
        _sendTrx(treasury, fee);
        uint256 trxBefore = address(this).balance;
        uint256 tokensBefore = ITRC20(token).balanceOf(address(this));
        ILaunchpad(launchpad).purchaseToken{value: spend}(token, amountMin);
        tokenOut = ITRC20(token).balanceOf(address(this)) - tokensBefore;
        // a buy that fills the curve gets back what it could not spend: passed on
        uint256 refund = address(this).balance - (trxBefore - spend);
        _tokenCall(token, abi.encodeWithSignature("transfer(address,uint256)", msg.sender, tokenOut));
        _sendTrx(msg.sender, refund);
        emit RouterBuy(msg.sender, token, msg.value - refund, fee, tokenOut);
    }

    /// Sells on the curve (the router must be approved for tokenAmount); the fee comes off the TRX out.
    function sell(address token, uint256 tokenAmount, uint256 amountMin, uint256 feeBps)
        external
        nonReentrant
        returns (uint256 trxOut)
    {
        _checkFee(feeBps);
        require(tokenAmount > 0, "Router: nothing to sell");
        _pullTokens(token, tokenAmount, launchpad);
        uint256 before = address(this).balance;
        ILaunchpad(launchpad).saleToken(token, tokenAmount, 0);
        trxOut = _settleSell(token, tokenAmount, address(this).balance - before, feeBps, amountMin);
    }

    /// Buys a launched token on SunSwap V2; the pair sends the tokens straight to the user.
    function dexBuy(address token, uint256 amountMin, uint256 feeBps, uint256 deadline)
        external
        payable
        nonReentrant
        returns (uint256 tokenOut)
    {
        _checkFee(feeBps);
        address dex = _dex();
        require(msg.value > 0, "Router: send TRX to buy");
        uint256 fee = (msg.value * feeBps) / BPS;
        _sendTrx(treasury, fee);
        address[] memory path = new address[](2);
        path[0] = IV2Router(dex).WETH();
        path[1] = token;
        // the V2 router checks amountMin and the deadline
        uint256[] memory amounts =
            IV2Router(dex).swapExactETHForTokens{value: msg.value - fee}(amountMin, path, msg.sender, deadline);
        tokenOut = amounts[amounts.length - 1];
        emit RouterBuy(msg.sender, token, msg.value, fee, tokenOut);
    }

    /// Sells a launched token on SunSwap V2 (the router must be approved); the fee comes off the TRX out.
    function dexSell(address token, uint256 tokenAmount, uint256 amountMin, uint256 feeBps, uint256 deadline)
        external
        nonReentrant
        returns (uint256 trxOut)
    {
        _checkFee(feeBps);
        address dex = _dex();
        require(tokenAmount > 0, "Router: nothing to sell");
        _pullTokens(token, tokenAmount, dex);
        address[] memory path = new address[](2);
        path[0] = token;
        path[1] = IV2Router(dex).WETH();
        uint256[] memory amounts = IV2Router(dex).swapExactTokensForETH(tokenAmount, 0, path, address(this), deadline);
        trxOut = _settleSell(token, tokenAmount, amounts[amounts.length - 1], feeBps, amountMin);
    }

    // ------------------------------------------------------------------ owner

    function setTreasury(address treasury_) external onlyOwner {
        require(treasury_ != address(0), "Router: treasury is the zero address");
        treasury = treasury_;
        emit TreasuryChanged(treasury_);
    }

    function setMaxFeeBps(uint256 maxFeeBps_) external onlyOwner {
        require(maxFeeBps_ <= FEE_CAP_BPS, "Router: fee cap above 10%");
        maxFeeBps = maxFeeBps_;
        emit MaxFeeBpsChanged(maxFeeBps_);
    }

    function setV2Router(address v2Router_) external onlyOwner {
        v2Router = v2Router_;
        emit V2RouterChanged(v2Router_);
    }

    function transferOwnership(address newOwner) external onlyOwner {
        require(newOwner != address(0), "Router: owner is the zero address");
        emit OwnerChanged(owner, newOwner);
        owner = newOwner;
    }

    // ------------------------------------------------------------------ inside

    function _checkFee(uint256 feeBps) private view {
        if (feeBps > maxFeeBps) revert(string.concat("Router: feeBps above maximum ", _decimal(maxFeeBps)));
    }

    function _dex() private view returns (address dex) {
        dex = v2Router;
        require(dex != address(0), "Router: no DEX router configured");
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

    /// A sale's TRX, held here: the fee to the treasury, the rest to the seller, at least amountMin.
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
        _sendTrx(treasury, fee);
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
