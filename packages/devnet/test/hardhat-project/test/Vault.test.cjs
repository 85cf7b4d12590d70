// Hardhat's own way of testing a contract, unchanged whatever node it runs on: fixtures, time, mining, impersonation,
// balances, events and custom errors.
const {
  impersonateAccount,
  loadFixture,
  mine,
  setBalance,
  stopImpersonatingAccount,
  time,
} = require('@nomicfoundation/hardhat-network-helpers');
const { anyUint } = require('@nomicfoundation/hardhat-chai-matchers/withArgs');
const { expect } = require('chai');
const { ethers } = require('hardhat');

const ONE_DAY = 24 * 60 * 60;
const LOCKED = ethers.parseEther('1');
/** An address nobody has the key of: only impersonation can send from it. */
const WHALE = '0x00000000000000000000000000000000000f00D5';

describe('Vault', () => {
  async function deployVault() {
    const [owner, other] = await ethers.getSigners();
    const unlockTime = (await time.latest()) + ONE_DAY;
    const vault = await ethers.deployContract('Vault', [unlockTime], { value: LOCKED });
    await vault.waitForDeployment();
    return { vault, owner, other, unlockTime };
  }

  describe('deployment', () => {
    it('has its owner, unlock time and funds', async () => {
      const { vault, owner, unlockTime } = await loadFixture(deployVault);
      expect(await vault.owner()).to.equal(owner.address);
      expect(await vault.unlockTime()).to.equal(unlockTime);
      expect(await ethers.provider.getBalance(vault.target)).to.equal(LOCKED);
    });

    it("gives the test mnemonic's funded signers", async () => {
      const signers = await ethers.getSigners();
      expect(signers.length).to.be.at.least(10);
      expect(signers[0].address).to.equal('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
      expect(signers[9].address).to.equal('0xa0Ee7A142d267C1f36714E4a8F75612F20a79720');
      for (const s of signers.slice(0, 10))
        expect(await ethers.provider.getBalance(s.address)).to.be.greaterThan(0n);
    });
  });

  describe('withdrawals', () => {
    it('refuses before the unlock time with StillLocked', async () => {
      const { vault, unlockTime } = await loadFixture(deployVault);
      await expect(vault.withdraw())
        .to.be.revertedWithCustomError(vault, 'StillLocked')
        .withArgs(unlockTime, anyUint);
    });

    it('refuses anyone but the owner with NotOwner, after the unlock time too', async () => {
      const { vault, other, unlockTime } = await loadFixture(deployVault);
      await time.increaseTo(unlockTime);
      await expect(vault.connect(other).withdraw())
        .to.be.revertedWithCustomError(vault, 'NotOwner')
        .withArgs(other.address);
    });

    it('pays the owner once time.increase passed the unlock time, with a Withdrawn event', async () => {
      const { vault, owner, unlockTime } = await loadFixture(deployVault);
      const now = await time.increase(ONE_DAY);
      expect(now).to.be.at.least(unlockTime);
      const withdrawal = vault.withdraw();
      await expect(withdrawal).to.emit(vault, 'Withdrawn').withArgs(owner.address, LOCKED, anyUint);
      await expect(withdrawal).to.changeEtherBalances([vault, owner], [-LOCKED, LOCKED]);
      await expect(vault.withdraw()).to.be.revertedWithCustomError(vault, 'NothingToWithdraw');
    });

    it('is locked again in the next test: loadFixture went back to the snapshot', async () => {
      const { vault } = await loadFixture(deployVault);
      expect(await ethers.provider.getBalance(vault.target)).to.equal(LOCKED);
      await expect(vault.withdraw()).to.be.revertedWithCustomError(vault, 'StillLocked');
    });
  });

  describe('network helpers', () => {
    it('mine moves the block number and, with an interval, the time', async () => {
      const startBlock = await time.latestBlock();
      const startTime = await time.latest();
      await mine(100, { interval: 15 });
      expect(await time.latestBlock()).to.equal(startBlock + 100);
      expect(await time.latest()).to.be.at.least(startTime + 99 * 15);
    });

    it('an impersonated account funded with setBalance deposits, and a Deposited event names it', async () => {
      const { vault } = await loadFixture(deployVault);
      await setBalance(WHALE, ethers.parseEther('100'));
      expect(await ethers.provider.getBalance(WHALE)).to.equal(ethers.parseEther('100'));
      await impersonateAccount(WHALE);
      const whale = await ethers.getSigner(WHALE);
      const amount = ethers.parseEther('2');
      await expect(vault.connect(whale).deposit({ value: amount }))
        .to.emit(vault, 'Deposited')
        .withArgs(WHALE, amount, anyUint);
      expect(await ethers.provider.getBalance(vault.target)).to.equal(LOCKED + amount);
      await stopImpersonatingAccount(WHALE);
    });

    it('a plain value transfer between signers changes both balances', async () => {
      const [owner, other] = await ethers.getSigners();
      await expect(owner.sendTransaction({ to: other.address, value: 1234n })).to.changeEtherBalances(
        [owner, other],
        [-1234n, 1234n],
      );
    });
  });
});
