import BigNumber from 'bignumber.js';
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

const signed = await account.withTransactionBuilder().icxorderbook.submitEXTHTLC(
  {
    offerTx: 'd7fd36d23400e43cd0ff2b64b68fdff1c239b20295d0607ba9a4d976e0598c8f',
    amount: new BigNumber('0.1'),
    hash: '04fc0908990e6b0a2b2e894714915d7f47314fb653cd07f732f0b90c8e053337',
    htlcScriptAddress: '34QY1NvzDLpuSCjLmBhUf4JdpBCAp4uugC',
    ownerPubkey: '039849b4bc43bb8fc8f354fac43e307356b4fc15ac1753c454764ab2e3c91c2162',
    timeout: 24,
  },
  script, // change
);
console.log(new CTransactionSegWit(signed).toHex());
