/**
 * linestore over S3-compatible object storage: {@link io.linestore.s3.S3StoreProvider} serves
 * {@code s3://} URIs to {@link io.linestore.LineStores}. Not an API: use {@code LineStores}.
 */
package io.linestore.s3;
