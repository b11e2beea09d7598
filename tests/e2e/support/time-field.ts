import { expect, type Locator } from '@playwright/test'

// The time picker (@mantine/dates' TimePicker): a group named by its label with two spin buttons,
// hour and minutes, typed from the keyboard.

const HOUR = /^(Godzina|Hour)$/
const MINUTES = /^(Minuty|Minutes)$/

export const hourField = (group: Locator) => group.getByRole('spinbutton', { name: HOUR })
export const minutesField = (group: Locator) => group.getByRole('spinbutton', { name: MINUTES })

/** Types `time` ('HH:mm') into the picker's group and leaves the field (Tab); what it becomes is
 *  the picker's business (the allowed time nearest to it). */
export async function enterTime(group: Locator, time: string): Promise<void> {
  await hourField(group).fill(time.slice(0, 2))
  await minutesField(group).fill(time.slice(3))
  await minutesField(group).press('Tab')
}

/** Types an allowed `time` ('HH:mm') and checks the picker kept it. */
export async function typeTime(group: Locator, time: string): Promise<void> {
  await enterTime(group, time)
  await expect(hourField(group)).toHaveValue(time.slice(0, 2))
  await expect(minutesField(group)).toHaveValue(time.slice(3))
}
