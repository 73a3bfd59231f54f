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

const signed = await account.withTransactionBuilder().loans.depositToVault(
  {
    vaultId: '351d74ca2d56636a628535a4f2d83b5733938d1038ee559e92980bb536627838',
    from: script,
    tokenAmount: { token: 15, amount: new BigNumber('100') },
  },
  script, // change
);
console.log(new CTransactionSegWit(signed).toHex());
