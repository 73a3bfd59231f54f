// Home page: the hero, one card per docs area, and what sets the SDK apart.
import type { ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import styles from './index.module.css';

interface Area {
  title: string;
  to: string;
  summary: string;
}

const AREAS: readonly Area[] = [
  {
    title: 'Ecosystem',
    to: '/ecosystem/',
    summary: 'Start here: what each @defichain package does, how they depend on one another, and which ones your project needs.',
  },
  {
    title: 'Package reference',
    to: '/ecosystem/packages/',
    summary:
      'Every export of the packages that make keys, addresses and transactions: the byte codecs, the DeFi custom transactions, the builder, the wallets, the test containers.',
  },
  {
    title: 'Full Node RPC',
    to: '/node/',
    summary: 'Drive a defid node from TypeScript. Every RPC category, method, parameter and result type, generated from the client itself.',
  },
  {
    title: 'Ocean REST API',
    to: '/ocean/',
    summary: 'Query indexed chain data over HTTPS without running a node: balances, pool pairs, oracle prices, blocks and more.',
  },
  {
    title: 'Stats REST API',
    to: '/legacy/',
    summary: 'Supply, burn and reward statistics plus the DEX ticker feeds that market aggregators read.',
  },
  {
    title: 'Testing',
    to: '/testing/testcontainers',
    summary:
      'Spin up disposable regtest nodes in Docker, mint blocks on demand, and seed tokens, funded pool pairs and signed raw transactions in a few lines.',
  },
];

interface Strength {
  title: string;
  text: string;
}

const STRENGTHS: readonly Strength[] = [
  {
    title: 'Typed calls and results',
    text: 'Parameters and results are TypeScript interfaces, so your editor knows the shape of a vault or a pool pair before the node answers.',
  },
  {
    title: 'Amounts that stay exact',
    text: 'Each RPC result is parsed at a precision chosen for it, so balances and prices arrive as BigNumber with all eight decimals, not squeezed through a floating-point double. The design page names the three methods that still parse as plain numbers.',
  },
  {
    title: 'One version, many packages',
    text: 'Addresses, keys, wallets, transactions and clients ship together under a single version number, so they always fit.',
  },
  {
    title: 'Tests against a real chain',
    text: 'Throwaway regtest nodes in Docker let your test suite mint blocks and broadcast transactions, no testnet faucet needed.',
  },
];

function Hero(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  return (
    <header className={clsx('hero', styles.hero)}>
      <div className="container">
        <Heading as="h1" className={styles.title}>
          {siteConfig.title}
        </Heading>
        <p className={styles.tagline}>{siteConfig.tagline}</p>
        <div className={styles.actions}>
          <Link className="button button--primary button--lg" to="/ecosystem/">
            Start building
          </Link>
          <Link className="button button--secondary button--lg" to="/node/">
            Browse the RPC reference
          </Link>
        </div>
      </div>
    </header>
  );
}

function AreaCard({ area }: { area: Area }): ReactNode {
  return (
    <li className={styles.card}>
      <Link to={area.to} className={styles.cardLink}>
        <Heading as="h3" className={styles.cardTitle}>
          {area.title}
        </Heading>
        <p>{area.summary}</p>
      </Link>
    </li>
  );
}

export default function Home(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  return (
    <Layout title="TypeScript SDK for DeFiChain" description={siteConfig.tagline}>
      <main>
        <Hero />
        <div className={clsx('container', styles.main)}>
          <section aria-labelledby="areas-heading">
            <Heading as="h2" id="areas-heading">
              Where to go
            </Heading>
            <ul className={styles.cards}>
              {AREAS.map((area) => (
                <AreaCard key={area.to} area={area} />
              ))}
            </ul>
          </section>
          <section aria-labelledby="strengths-heading" className={styles.strengths}>
            <Heading as="h2" id="strengths-heading">
              Why Jellyfish
            </Heading>
            <ul className={styles.strengthList}>
              {STRENGTHS.map((s) => (
                <li key={s.title}>
                  <Heading as="h3">{s.title}</Heading>
                  <p>{s.text}</p>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </main>
    </Layout>
  );
}
