// Entry point of `npm run generate`: writes the generated reference pages.
console.log('generate: nothing to generate yet');
