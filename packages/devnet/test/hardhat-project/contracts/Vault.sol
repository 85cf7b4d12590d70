// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/// A time-locked vault: what a Hardhat tutorial tests (deploy with funds, wait, withdraw), with custom errors and
/// events so the chai matchers have something to match.
contract Vault {
    error NotOwner(address caller);
    error StillLocked(uint256 unlockTime, uint256 blockTime);
    error NothingToWithdraw();

    event Deposited(address indexed from, uint256 amount, uint256 blockNumber);
    event Withdrawn(address indexed to, uint256 amount, uint256 blockTime);

    address public immutable owner;
    uint256 public immutable unlockTime;

    constructor(uint256 unlockTime_) payable {
        owner = msg.sender;
        unlockTime = unlockTime_;
    }

    function deposit() external payable {
        emit Deposited(msg.sender, msg.value, block.number);
    }

    function withdraw() external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        if (block.timestamp < unlockTime) revert StillLocked(unlockTime, block.timestamp);
        uint256 amount = address(this).balance;
        if (amount == 0) revert NothingToWithdraw();
        emit Withdrawn(msg.sender, amount, block.timestamp);
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "transfer failed");
    }
}
