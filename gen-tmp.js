const { Elliptic, Bech32, Bs58, HASH160, SHA256, WIF } = require('@defichain/jellyfish-crypto');
const { MainNet } = require('@defichain/jellyfish-network');
const { fromAddress } = require('@defichain/jellyfish-address');
(async () => {
 const roles = ['wallet','change','recipient','masternodeOwner','masternodeOperator','oracleOwner','vaultOwner','poolOwner','tokenCollateral','legacy','scriptHash','evm'];
 for (const [i, role] of roles.entries()) {
   const priv = SHA256(Buffer.from('jellyfish-docs example key ' + role));
   const pair = Elliptic.fromPrivKey(priv);
   const pub = await pair.publicKey();
   const bech = Bech32.fromPubKey(pub, 'df');
   const legacy = Bs58.fromPubKey(pub, MainNet.pubKeyHashPrefix);
   // p2sh-p2wpkh
   const redeem = Buffer.concat([Buffer.from([0x00,0x14]), HASH160(pub)]);
   const p2sh = Bs58.fromHash160(HASH160(redeem), MainNet.scriptHashPrefix);
   console.log(role.padEnd(20), bech, fromAddress(bech,'mainnet')?.valid, legacy, fromAddress(legacy,'mainnet')?.valid, p2sh, fromAddress(p2sh,'mainnet')?.valid, 'pub', pub.toString('hex'));
 }
})();
