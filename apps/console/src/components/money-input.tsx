import { InputNumber, type InputNumberProps } from 'antd';

/**
 * An amount in yuan. It keeps what staff typed: a precision would round 1800.005 to 1800.01
 * without a word, so more than two decimals is left to the field's rule to refuse.
 */
export function MoneyInput(props: InputNumberProps<number>) {
  return <InputNumber<number> step={0.01} style={{ width: '100%' }} {...props} />;
}
