console.log('tsx', Math.round(process.memoryUsage().rss / 1048576));
