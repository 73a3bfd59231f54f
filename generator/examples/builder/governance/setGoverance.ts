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

const signed = await account.withTransactionBuilder().governance.setGoverance(
  {
    governanceVars: [
      {
        key: 'LP_SPLITS',
        value: [
          { tokenId: 4, value: new BigNumber('0.06') },
          { tokenId: 5, value: new BigNumber('0.13') },
          { tokenId: 6, value: new BigNumber('0.04') },
          { tokenId: 17, value: new BigNumber('0.77') },
        ],
      },
    ],
  },
  script, // change
);
console.log(new CTransactionSegWit(signed).toHex());
