import BigNumber from 'bignumber.js';
import { Eth } from '@defichain/jellyfish-address';
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

// The same key on the EVM: DVM to EVM transfers go to an address of the sender's own key.
const evmScript = Eth.fromAddress(await account.getEvmAddress());
if (evmScript === undefined) throw new Error('no EVM address');
// A signed EVM transaction of the same key that calls the transfer-domain contract (the recipe shows how to make it).
const EVM_TX =
  'f9014480808094df0000000000000000000000000000000000000180b8e4d57b282600000000000000000000000080dcba1678f139aee599b532b6e0c30947761fa300000000000000000000000080dcba1678f139aee599b532b6e0c30947761fa30000000000000000000000000000000000000000000000000de0b6b3a76400000000000000000000000000000000000000000000000000000000000000000080000000000000000000000000000000000000000000000000000000000000002a646631716d38726d6c6a777939776b68616a66756e6c3378396a6368767666387039756a7a7837637778000000000000000000000000000000000000000000008208f7a0aed7b04e6fd13fac22152c1559c559fa6b21a97787f13dd8d37a15d6eecdae96a0506ed2e41fb0d37954f29685122617f16eef57948da5c6de4b9a93a447a169e3';
const signed = await account.withTransactionBuilder().account.transferDomain(
  {
    items: [
      {
        src: { address: script, amount: { token: 0, amount: new BigNumber('1') }, domain: 2, data: new Uint8Array([]) },
        dst: {
          address: evmScript,
          amount: { token: 0, amount: new BigNumber('1') },
          domain: 3,
          data: new Uint8Array(Buffer.from(EVM_TX, 'hex')),
        },
      },
    ],
  },
  script, // change
);
console.log(new CTransactionSegWit(signed).toHex());
