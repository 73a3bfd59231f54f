import { MainNet } from '@defichain/jellyfish-network';
import { CTransactionSegWit } from '@defichain/jellyfish-transaction';
import { JellyfishWallet } from '@defichain/jellyfish-wallet';
import { MnemonicHdNodeProvider } from '@defichain/jellyfish-wallet-mnemonic';
import { WhaleApiClient } from '@defichain/whale-api-client';
import { WhaleWalletAccountProvider } from '@defichain/whale-api-wallet';

// The site's public test mnemonic: never send anything of value to it. Account 0 on mainnet is df1qm8rmljwy9wkhajfunl3x9jchvvf8p9ujzx7cwx.
const words = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'.split(' ');
const bip32 = { bip32: { public: MainNet.bip32.publicPrefix, private: MainNet.bip32.privatePrefix }, wif: MainNet.wifPrefix };
const client = new WhaleApiClient({ url: 'https://mainnet.ocean.jellyfishsdk.com', network: 'mainnet', version: 'v0' });
const account = new JellyfishWallet(MnemonicHdNodeProvider.fromWords(words, bip32, true), new WhaleWalletAccountProvider(client, MainNet)).get(0);
const script = await account.getScript();

const signed = await account.withTransactionBuilder().icxorderbook.claimDFCHTLC(
  {
    dfcHTLCTx: '6355fb5a71fb6f90d4f6978ed7d74f13226ca780a1794ac0317edf7ecae0ca9a',
    seed: 'e38b9d0bd8443e455570594a2d2d998ee7f48b7ffdc126cdac671c300c3ee446',
  },
  script, // change
);
console.log(new CTransactionSegWit(signed).toHex());
